"""The language of the review and photo pages: one language per page, chosen by the player
(``?lang=fr`` once, then kept in a cookie), English by default; English and French complete.

``t(text, **fields)`` gives a page text in the page's language (English text is the key);
``label(name)`` names a context key, option or choice for a player, never as a raw key;
``result_facts`` turns a score's extra values into sentences ("Dealer", "2 han · 40 fu"), never
"dealer: True". Sources ("000 n°78", "ffmj2013", "pymahjonggb") are cut out of texts and shown
behind a "source" link (:func:`split_source`)."""
from __future__ import annotations

import re

from flask import g, request

LANGUAGES = {"en": "English", "fr": "Français"}
COOKIE = "mjtable_lang"

FR = {
    # navigation and the photo page
    "Photo": "Photo", "Enter a hand": "Saisir une main", "Games": "Parties", "Join": "Rejoindre",
    "Your tile set": "Votre jeu de tuiles",
    "Teach mjtable your own tiles from one photo of them laid out (about a minute): it then reads them better.":
        "Apprenez vos propres tuiles à mjtable avec une photo de leur disposition (environ une minute) : il les lit ensuite mieux.",
    "Read a winning hand": "Lire une main gagnante", "Take or choose a photo": "Prendre ou choisir une photo",
    "Read the hand": "Lire la main", "Rules": "Règles", "Uploading…": "Envoi…",
    "Recording for game": "Enregistrement pour la partie",
    "Camera": "Caméra", "No photo?": "Pas de photo ?", "Enter the hand by hand": "Saisir la main à la main",
    "Use this device's camera": "Utiliser la caméra de cet appareil", "Use the server's webcam": "Utiliser la webcam du serveur",
    "Capture and read": "Capturer et lire", "Live mode": "Mode direct", "Stop": "Arrêter",
    "Use this device's camera (on this computer or over the join link) or a webcam attached to the server. In live mode, a complete hand that stays in view for about a second is read and scored by itself.":
        "Utilisez la caméra de cet appareil (sur cet ordinateur ou par le lien d'invitation) ou une webcam branchée au serveur. En mode direct, une main complète qui reste visible environ une seconde est lue et comptée d'elle-même.",
    "Active tile set:": "Jeu de tuiles actif :", "Language": "Langue",
    "this browser gives no camera here (browsers allow it on localhost or HTTPS); use the photo button above, which opens the phone's camera":
        "ce navigateur ne donne pas de caméra ici (seulement sur localhost ou en HTTPS) ; utilisez le bouton photo ci-dessus, qui ouvre l'appareil photo du téléphone",
    "the camera could not be opened:": "la caméra n'a pas pu être ouverte :", "no webcam on the server": "pas de webcam sur le serveur",
    "Looking… {n} tiles in view": "Recherche… {n} tuiles visibles", "Same hand for {s} s: {hand}": "Même main depuis {s} s : {hand}",
    "Review {hand}": "Vérifier {hand}", "choose or take a photo first": "choisissez ou prenez d'abord une photo",
    "Reading the tiles…": "Lecture des tuiles…", "the upload failed (is the server running?)": "l'envoi a échoué (le serveur tourne-t-il ?)",
    "the server answered {status}": "le serveur a répondu {status}",
    # the review page
    "Review": "Vérification", "Hand": "Main", "Open the photo": "Ouvrir la photo",
    "the photo that was read": "la photo lue",
    "Tap a tile to correct it; tap several with “Select” to make a meld.":
        "Touchez une tuile pour la corriger ; touchez-en plusieurs avec « Choisir » pour former une combinaison.",
    "No complete hand could be built from the photo: the tiles read are below; correct them.":
        "Aucune main complète n'a pu être construite depuis la photo : les tuiles lues sont ci-dessous ; corrigez-les.",
    "No tiles were found in the photo: add them, or take another photo.":
        "Aucune tuile n'a été trouvée sur la photo : ajoutez-les, ou prenez une autre photo.",
    "P: your tile-set profile read this tile otherwise than the base model did; check these first.":
        "P : votre profil de jeu a lu cette tuile autrement que le modèle de base ; vérifiez-les d'abord.",
    "+ Tile": "+ Tuile", "Select": "Choisir", "Undo": "Annuler", "Redo": "Rétablir", "Clear": "Vider",
    "Standing": "Main debout", "From left": "De gauche", "From across": "D'en face", "From right": "De droite",
    "Concealed kong": "Kong caché", "Type the hand": "Écrire la main", "Notation": "Notation", "Use": "Utiliser",
    "Standing tiles in mpsz groups, [555p] exposed meld, (1111z) concealed kong, last tile written = winning tile, 16f flowers.":
        "Tuiles debout par groupes mpsz, [555p] combinaison exposée, (1111z) kong caché, dernière tuile écrite = tuile gagnante, 16f fleurs.",
    "Who won?": "Qui a gagné ?", "On whose discard?": "Sur l'écart de qui ?", "Self-drawn": "Pioche (tsumo)",
    "More about this hand": "Plus sur cette main", "Dealer (East)": "Donneur (Est)", "Round wind": "Vent du tour",
    "Rule options": "Options des règles", "variant {n}": "variante {n}", "source": "source", "Score": "Score", "Scoring…": "Calcul…",
    "To keep this hand in a game log, start or open a game and record it from there.":
        "Pour garder cette main dans une partie, commencez ou ouvrez une partie et enregistrez-la depuis celle-ci.",
    "Recorded: hand {n}": "Enregistrée : main {n}", "Record": "Enregistrer",
    "Record a false win: the winner pays {n} to each other player?":
        "Enregistrer un faux Mah-jong : le joueur paie {n} à chacun des autres ?",
    "Record as false win": "Enregistrer un faux Mah-jong", "Show what was read": "Montrer ce qui a été lu",
    "What the reader noticed": "Ce que le lecteur a remarqué",
    "Tiles changed to make a winning hand": "Tuiles changées pour faire une main gagnante",
    "read": "lu", "taken as": "pris pour", "Close": "Fermer", "Choose the tile": "Choisissez la tuile",
    "Winning tile": "Tuile gagnante", "Remove": "Retirer", "Move to": "Déplacer vers", "Done": "Terminé",
    "Which tile won? ★ marks the rightmost; tap another, then ★, if it won.":
        "Quelle tuile a gagné ? ★ marque la plus à droite ; touchez-en une autre, puis ★, si c'est elle.",
    "Upside down? The photo could be read from the other side: set the winning tile apart and take it again.":
        "À l'envers ? La photo peut se lire de l'autre côté : écartez la tuile gagnante et reprenez-la.",
    # the result
    "Not a winning hand under {rules}: {why}": "Pas une main gagnante en {rules} : {why}",
    "at {field}": "à {field}", "Why not…": "Pourquoi pas…", "counted within {name}": "compté dans {name}",
    "Assumed (not given):": "Supposé (non donné) :", "Settlement": "Règlement",
    "the table (not counted in the totals)": "la table (hors totaux)", "pays": "paie", "to": "à",
    "to the winner": "au gagnant", "No payments.": "Aucun paiement.", "Under the other rules": "Sous les autres règles",
    "Read as {form}:": "Lu comme {form} :", "Minipoints (fu)": "Minipoints (fu)",
    "not a winning hand": "pas une main gagnante",
    "Dealer": "Donneur", "{n} points without flowers": "{n} points sans les fleurs",
    "minimum {n} points: met": "minimum {n} points : atteint",
    "minimum {n} points: not met": "minimum {n} points : non atteint",
    "{n} flowers": "{n} fleurs", "limit hand": "main limite", "limit reached": "limite atteinte",
    "No tiles yet: add them with “+ Tile”, or type the hand.":
        "Pas encore de tuile : ajoutez-les avec « + Tuile », ou écrivez la main.",
    "Cannot be recorded as a win:": "Ne peut pas être enregistrée comme victoire :",
    "Choose who won, and on whose discard.": "Choisissez qui a gagné, et sur l'écart de qui.",
    "Clear the whole hand?": "Vider toute la main ?", "Undo the last change?": "Annuler la dernière modification ?",
    "Delete this meld?": "Supprimer cette combinaison ?", "Add a tile": "Ajouter une tuile",
    "Correct {code}": "Corriger {code}", "the base model read {code}": "le modèle de base a lu {code}", "the reader's best guesses": "les meilleures propositions du lecteur",
    "Standing tiles": "Tuiles debout", "Flowers and seasons": "Fleurs et saisons", "Meld {n}": "Combinaison {n}",
    "a new meld": "une nouvelle combinaison", "exposed": "exposée", "concealed": "cachée",
    "claimed from…": "prise de…", "left": "gauche", "across": "en face", "right": "droite",
    "↩ to standing": "↩ vers la main", "Delete": "Supprimer", "{n} selected": "{n} choisie(s)",
    "pung": "pung", "chow": "chow", "kong": "kong", "empty": "vide", "winning tile": "tuile gagnante",
    "A meld is 3 or 4 tiles: a chow, a pung or a kong.": "Une combinaison fait 3 ou 4 tuiles : chow, pung ou kong.",
    "A concealed kong is 4 identical tiles.": "Un kong caché est fait de 4 tuiles identiques.",
    "the server could not be reached": "le serveur est injoignable",
    # winds and seats
    "East": "Est", "South": "Sud", "West": "Ouest", "North": "Nord",
    # context keys and options
    "self drawn": "pioche (tsumo)", "seat wind": "vent de siège", "round wind": "vent du tour",
    "last tile": "dernière tuile", "kong replacement": "tuile de remplacement du kong",
    "robbing kong": "vol du kong", "last of kind": "dernière de son espèce", "discarder": "donneur de l'écart",
    "riichi": "riichi", "double riichi": "double riichi", "ippatsu": "ippatsu", "tenhou": "tenhou",
    "chiihou": "chiihou", "renhou": "renhou", "dora indicators": "indicateurs de dora",
    "ura dora indicators": "indicateurs d'ura-dora", "honba": "honba (compteurs)",
    "riichi sticks": "bâtons de riichi", "red fives": "cinq rouges", "liable player": "joueur responsable",
    "double kong": "double kong", "bao exempt": "exempt de bao",
    # the game pages (games.html, game.html, the score sheet, the hand page)
    "Game": "Partie", "Players": "Joueurs", "Hands": "Mains", "No game yet.": "Aucune partie pour l'instant.",
    "New game": "Nouvelle partie", "Name": "Nom", "Friday game": "Partie du vendredi", "{rules} options": "Options {rules}",
    "No end: play until the table stops (no last round)": "Sans fin : jouer jusqu'à ce que la table s'arrête (pas de dernier tour)",
    "Tournament: a chombo costs 20,000 after uma instead of a mangan payment":
        "Tournoi : un chombo coûte 20 000 après l'uma au lieu d'un paiement de mangan",
    "Players, in seat order around the table (first dealer first)":
        "Joueurs, dans l'ordre des places autour de la table (premier donneur d'abord)",
    "Start the game": "Commencer la partie", "Import a game": "Importer une partie", "Import JSON": "Importer le JSON",
    "tournament": "tournoi", "{n} hand(s)": "{n} main(s)", "The game is over.": "La partie est terminée.",
    "Next hand:": "Main suivante :", "{wind} round": "tour {wind}", "{player} deals": "{player} donne",
    "counters (honba):": "compteurs (honba) :", "riichi sticks on the table:": "bâtons de riichi sur la table :",
    "recorded before the game flow: dealers as entered": "enregistrée avant le déroulé de partie : donneurs tels que saisis",
    "Player": "Joueur", "Seat at start": "Place au départ", "Seat now": "Place actuelle", "Points": "Points",
    "Total": "Total", "Final result": "Résultat final", "Rank": "Rang", "Uma": "Uma", "Chombo": "Chombo",
    "+{n} sticks": "+{n} bâtons", "Record a hand from a photo": "Enregistrer une main depuis une photo",
    "Round": "Tour", "Result": "Résultat", "Pts": "Pts", "{n} counter(s)": "{n} compteur(s)",
    "{n} stick(s) on the table": "{n} bâton(s) sur la table", "{player} wins": "{player} gagne",
    "on {player}'s discard": "sur l'écart de {player}", "self-drawn": "pioche (tsumo)", "draw": "nul",
    "tenpai:": "tenpai :", "nobody": "personne", "chombo by {player}": "chombo de {player}",
    "false win by {player}": "faux Mah-jong de {player}", "riichi:": "riichi :",
    "after the end of the game": "après la fin de la partie", "Edit": "Modifier",
    "Change hand {n}? Every later hand is recomputed.": "Modifier la main {n} ? Toutes les mains suivantes sont recalculées.",
    "Discarder": "Donneur de l'écart", "Winner": "Gagnant", "Dora indicators": "Indicateurs de dora", "Ura dora": "Ura-dora",
    "Offender": "Fautif", "pays each": "paie à chacun", "Declared riichi": "Riichi déclaré", "Tenpai": "Tenpai",
    "Note": "Note", "Save hand {n}": "Enregistrer la main {n}",
    "Delete hand {n}? Every later hand is recomputed.": "Supprimer la main {n} ? Toutes les mains suivantes sont recalculées.",
    "Delete hand {n}": "Supprimer la main {n}", "Undo hand {n}": "Annuler la main {n}",
    "Undo hand {n}? It is removed from the game.": "Annuler la main {n} ? Elle est retirée de la partie.",
    "History of changes ({n})": "Historique des modifications ({n})", "hand {n}": "main {n}", "Hand {n}": "Main {n}",
    "changed": "modifiée", "deleted": "supprimée", "undone": "annulée", "was": "c'était", "win": "victoire",
    "penalty": "pénalité", "No hand recorded yet.": "Aucune main enregistrée pour l'instant.",
    "Win (one or several winners)": "Victoire (un ou plusieurs gagnants)", "Win by notation": "Victoire par notation",
    "Declared riichi in this hand (each puts 1,000 on the table)":
        "Riichi déclaré dans cette main (chacun pose 1 000 sur la table)",
    "Record the win": "Enregistrer la victoire", "No winner?": "Pas de gagnant ?",
    "Record hand {n} as a draw (nobody won)?": "Enregistrer la main {n} comme nulle (personne n'a gagné) ?",
    "Tenpai at the draw (noten players pay 3,000 in all)": "Tenpai à la fin (les joueurs noten paient 3 000 en tout)",
    "Declared riichi in this hand": "Riichi déclaré dans cette main", "Record a draw": "Enregistrer une main nulle",
    "Record this chombo?": "Enregistrer ce chombo ?", "Record this false win?": "Enregistrer ce faux Mah-jong ?",
    "Chombo by": "Chombo de", "False win by": "Faux Mah-jong de",
    "−20,000 after uma (tournament)": "−20 000 après l'uma (tournoi)",
    "pays a mangan: 4,000 to East, 2,000 to the others": "paie un mangan : 4 000 à Est, 2 000 aux autres",
    "riichi sticks of the hand are returned, the dealer stays": "les bâtons de riichi de la main sont rendus, le donneur reste",
    "Record the chombo": "Enregistrer le chombo", "Record the penalty": "Enregistrer la pénalité",
    "Export": "Exporter", "Score sheet (print)": "Feuille de marque (imprimer)",
    "Delete this game and all its hands?": "Supprimer cette partie et toutes ses mains ?", "Delete game": "Supprimer la partie",
    "this photo's hand is already recorded": "la main de cette photo est déjà enregistrée",
    "hand {n} recorded": "main {n} enregistrée", "hand {n}: draw recorded": "main {n} : nulle enregistrée",
    "hand {n}: false win recorded": "main {n} : faux Mah-jong enregistré",
    "hand {n} changed; the hands after it were recomputed": "main {n} modifiée ; les mains suivantes ont été recalculées",
    "hand {n} deleted; the hands after it were recomputed": "main {n} supprimée ; les mains suivantes ont été recalculées",
    "hand {n} removed": "main {n} retirée", "no hand to undo": "aucune main à annuler",
    "game imported": "partie importée", "game deleted": "partie supprimée",
    "score sheet": "feuille de marque", "Back to the game": "Retour à la partie",
    "print this page from the browser (A4 landscape)": "imprimez cette page depuis le navigateur (A4 paysage)",
    "players in seat order at the start:": "joueurs dans l'ordre des places au départ :", "starting points": "points de départ",
    "in play: next hand": "en cours : main suivante", "{n} riichi stick(s) on the table": "{n} bâton(s) de riichi sur la table",
    "Riichi": "Riichi", "Sticks": "Bâtons", "points": "points", "total": "total", "after the end": "après la fin",
    "draw (tenpai: {players})": "nul (tenpai : {players})",
    "Draw.": "Main nulle.", "False win by {player}.": "Faux Mah-jong de {player}.", "photo of the hand": "photo de la main",
    "{player} also wins": "{player} gagne aussi", "What the hand moved": "Ce que la main a déplacé",
    "the table": "la table", "nothing": "rien", "Riichi declared by": "Riichi déclaré par", "Tenpai:": "Tenpai :",
    "Corrections ({n})": "Corrections ({n})", "Context": "Contexte",
    # the calibration page
    "Teach mjtable your tile set": "Apprenez votre jeu de tuiles à mjtable",
    "How to lay out your tiles": "Comment disposer vos tuiles",
    "An example: one tile of each kind in five rows, on a plain cloth, photographed from above":
        "Un exemple : une tuile de chaque sorte en cinq rangées, sur un tapis uni, photographiée d'en haut",
    "Lay out one tile of each kind in rows, take one photo from above, and upload it:":
        "Disposez une tuile de chaque sorte en rangées, prenez une photo d'en haut, et envoyez-la :",
    "characters 1m … 9m": "caractères 1m … 9m", "dots 1p … 9p": "cercles 1p … 9p", "bamboo 1s … 9s": "bambous 1s … 9s",
    "East South West North, white, green, red dragon": "Est Sud Ouest Nord, dragon blanc, vert, rouge",
    "only if your set has them: flowers 1–4 then seasons 1–4":
        "seulement si votre jeu en a : fleurs 1–4 puis saisons 1–4",
    "Rows left to right, top to bottom as the camera sees them; tiles side by side, rows a little apart.":
        "Rangées de gauche à droite, de haut en bas comme les voit l'appareil ; tuiles côte à côte, rangées un peu espacées.",
    "Light the table evenly, keep every tile face up and in the picture, and hold the phone flat above the middle of the rows.":
        "Éclairez la table uniformément, gardez chaque tuile face visible et dans l'image, et tenez le téléphone à plat au-dessus du milieu des rangées.",
    "Name of the set": "Nom du jeu", "club set": "jeu du club", "Calibration photo": "Photo de calibration",
    "Read the photo": "Lire la photo",
    "Reading the photo also teaches the reader your set (it trains on your tiles): expect about a minute on a small computer. This happens once per set.":
        "Lire la photo apprend aussi votre jeu au lecteur (il s'entraîne sur vos tuiles) : comptez environ une minute sur un petit ordinateur. Une seule fois par jeu.",
    "Saved profiles": "Profils enregistrés", "Set": "Jeu", "Codes": "Codes", "Corrections": "Corrections",
    "active": "actif", "damaged": "endommagé", "Delete the profile {name}?": "Supprimer le profil {name} ?",
    "Use no profile": "N'utiliser aucun profil",
    "No profile yet: the reader uses its base model alone.": "Pas encore de profil : le lecteur utilise seul son modèle de base.",
    "Check the calibration": "Vérifier la calibration", "“{name}”: check the codes": "« {name} » : vérifiez les codes",
    "The photo was read {orientation}.": "La photo a été lue {orientation}.",
    "The tiles do not match the layout; nothing will be saved:": "Les tuiles ne correspondent pas à la disposition ; rien ne sera enregistré :",
    "Fix the layout and take the photo again.": "Corrigez la disposition et reprenez la photo.",
    "row {n}": "rangée {n}", "face down": "face cachée",
    "{n} tile(s) read differently by the base model (outlined).": "{n} tuile(s) lue(s) autrement par le modèle de base (entourées).",
    "No flowers or seasons row: the set is taken to have none.": "Pas de rangée de fleurs ni de saisons : le jeu est supposé n'en avoir aucune.",
    "Learning your tiles while you check the codes (about a minute):": "Apprentissage de vos tuiles pendant que vous vérifiez les codes (environ une minute) :",
    "The codes are right: save “{name}” and use it": "Les codes sont justes : enregistrer « {name} » et l'utiliser",
    "The codes are right: replace “{name}” and use it": "Les codes sont justes : remplacer « {name} » et l'utiliser",
    "Back": "Retour", "Learning your tiles…": "Apprentissage de vos tuiles…",
    "Cannot follow the build ({error}); saving still works.": "Impossible de suivre l'apprentissage ({error}) ; l'enregistrement fonctionne quand même.",
    "Done in {s} s.": "Terminé en {s} s.", "The profile could not be built: {error}": "Le profil n'a pas pu être construit : {error}",
    "Waiting for another profile to finish…": "En attente de la fin d'un autre profil…",
    "The profile could not be built: {error}. Upload the photo again.": "Le profil n'a pas pu être construit : {error}. Envoyez de nouveau la photo.",
    "That calibration has expired: upload the photo again.": "Cette calibration a expiré : envoyez de nouveau la photo.",
    "Profile “{name}” saved: it is now the active profile.": "Profil « {name} » enregistré : c'est maintenant le profil actif.",
    "No active profile: the base model reads tiles alone.": "Aucun profil actif : le modèle de base lit seul les tuiles.",
    "Active profile: {name}.": "Profil actif : {name}.", "Profile {name} deleted.": "Profil {name} supprimé.",
    "choose a calibration photo": "choisissez une photo de calibration",
}

#: Context keys and option names shown to a player (English; French above).
LABELS = {"self_drawn": "self drawn", "dora_indicators": "dora indicators",
          "ura_dora_indicators": "ura dora indicators", "riichi_sticks": "riichi sticks"}
WINDS = {"E": "East", "S": "South", "W": "West", "N": "North"}

_SOURCE = re.compile(r"\s*[\(\[]\s*((?:\d{3}\b|ffmj|pymahjong|EMA|WRC|\[?[A-Z]\]|ch\.|n°)[^\)\]]*)[\)\]]")
_SOURCE_WORDS = re.compile(r"\b(?:000|001|002|003|004|ffmj\d*|pymahjong\w*)\b")


def lang() -> str:
    """The page's language: ``?lang=`` (kept in a cookie by :func:`remember`), the cookie, else English."""
    if "mj_lang" not in g:
        chosen = request.args.get("lang") or request.cookies.get(COOKIE) or "en"
        g.mj_lang = chosen if chosen in LANGUAGES else "en"
    return g.mj_lang


def t(text: str, **fields) -> str:
    out = FR.get(text, text) if lang() == "fr" else text
    return out.format(**fields) if fields else out


def t_page(text: str, **fields):
    """:func:`t` for the templates: the text (trusted: the tables above have no markup) is not
    escaped, the fields put into it are ("on Bob's discard", "Ann & Bob" both as written)."""
    from markupsafe import Markup
    out = Markup(FR.get(text, text) if lang() == "fr" else text)
    return out.format(**fields) if fields else out


def label(name) -> str:
    """A context key, option or choice as words: ``self_drawn`` → "self drawn" (or French)."""
    if name is None:
        return ""
    text = LABELS.get(str(name), str(name).replace("_", " "))
    return t(text)


_SOURCE_NAMED = re.compile(r"^(?:mji|ffmj\w*|pymahjong\w*|\d{3})$")


def choice_label(value, index: int) -> str:
    """An option's choice as words; a choice named after its source ("ffmj2013") becomes
    "variant B" (the source is behind the option's "source" link)."""
    if _SOURCE_NAMED.match(str(value)):
        return t("variant {n}", n="ABCDEFGH"[index % 8])
    return label(value)


def wind_name(code: str) -> str:
    return t(WINDS.get(code, code))


def split_source(text: str) -> tuple[str, str | None]:
    """``(text without its source reference, the reference or None)``."""
    if not text:
        return "", None
    refs = _SOURCE.findall(text)
    clean = _SOURCE.sub("", text).strip()
    if not refs and _SOURCE_WORDS.search(text):
        return _SOURCE_WORDS.sub("", text).strip(" ,;:"), text
    return clean, ("; ".join(refs) if refs else None)


def strip_citation(text: str) -> str:
    return split_source(text)[0]


def fan_name(item: dict) -> str:
    """A fan or yaku in the page's language (its original Chinese or Japanese name is shown beside)."""
    if lang() == "fr" and item.get("name_fr"):
        return item["name_fr"]
    return item.get("name_en") or item.get("id", "")


def result_facts(result: dict) -> list[str]:
    """The extra values of a score, as a player reads them."""
    out = []
    if result.get("han") is not None and result.get("fu") is not None:
        out.append(f"{result['han']} han · {result['fu']} fu")
    if result.get("faan") is not None:
        out.append(f"{result['faan']} faan")
    if result.get("limit"):
        out.append(t("limit hand") + f": {result['limit']}")
    if result.get("limit_reached"):
        out.append(t("limit reached"))
    if result.get("minimum_points") is not None:
        out.append(t("minimum {n} points: met" if result.get("minimum_met") else "minimum {n} points: not met",
                     n=result["minimum_points"]))
    if result.get("flowers"):
        out.append(t("{n} flowers", n=result["flowers"]))
    if result.get("dealer") is True:
        out.append(t("Dealer"))
    return out


def review_questions(warnings: list, *, winning_matters: bool = True, hand_found: bool = True) -> list[dict]:
    """The reader's warnings that ask the player something, each as one short question, and only
    where the answer changes the result: which tile won when another one would score otherwise,
    and whether the photo is upside down when no hand could be built from it."""
    asks, seen = [], set()
    for w in warnings:
        text = w if isinstance(w, str) else str((w or {}).get("message", ""))
        if "not set apart" in text and "apart" not in seen and winning_matters:
            seen.add("apart")
            asks.append({"kind": "winning", "text": t("Which tile won? ★ marks the rightmost; tap another, then ★, "
                                                      "if it won.")})
        elif "upside down" in text and "flip" not in seen and not hand_found:
            seen.add("flip")
            asks.append({"kind": "flip", "text": t("Upside down? The photo could be read from the other side: "
                                                   "set the winning tile apart and take it again.")})
    return asks


def review_notes(warnings: list) -> list[str]:
    """The other warnings, kept with the photo for whoever wants them."""
    out = []
    for w in warnings:
        text = w if isinstance(w, str) else str((w or {}).get("message", ""))
        if "not set apart" in text:
            continue
        out.append(strip_citation(text))
    return out


#: The review script's texts (review.js), in the page's language.
JS_TEXTS = ["No tiles yet: add them with “+ Tile”, or type the hand.", "Cannot be recorded as a win:",
            "Choose who won, and on whose discard.", "Clear the whole hand?", "Undo the last change?",
            "Delete this meld?", "Add a tile", "Correct {code}", "the base model read {code}", "the reader's best guesses", "Standing tiles",
            "Flowers and seasons", "Meld {n}", "a new meld", "exposed", "concealed", "claimed from…", "left",
            "across", "right", "↩ to standing", "Delete", "{n} selected", "pung", "chow", "kong", "empty",
            "winning tile", "A meld is 3 or 4 tiles: a chow, a pung or a kong.",
            "A concealed kong is 4 identical tiles.", "the server could not be reached", "Record"]


#: The photo page's script texts (capture.js).
CAPTURE_TEXTS = ["this browser gives no camera here (browsers allow it on localhost or HTTPS); use the photo button "
                 "above, which opens the phone's camera", "the camera could not be opened:", "no webcam on the server",
                 "Looking… {n} tiles in view", "Same hand for {s} s: {hand}", "not a winning hand", "Review {hand}",
                 "choose or take a photo first", "Uploading…", "Reading the tiles…",
                 "the upload failed (is the server running?)", "the server answered {status}"]


#: The calibration page's script texts (calibrate.js).
CALIBRATE_TEXTS = ["Learning your tiles…", "Cannot follow the build ({error}); saving still works.", "Done in {s} s.",
                   "The profile could not be built: {error}", "Waiting for another profile to finish…"]


def capture_text() -> dict:
    return {k: t(k) for k in CAPTURE_TEXTS}


def js_text() -> dict:
    return {k: t(k) for k in JS_TEXTS}


def remember(response):
    """Keep a language chosen with ``?lang=`` for the next pages."""
    chosen = request.args.get("lang")
    if chosen in LANGUAGES and request.cookies.get(COOKIE) != chosen:
        response.set_cookie(COOKIE, chosen, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)
    return response


def lang_url(code: str) -> str:
    """This page in another language (its address and query kept)."""
    from urllib.parse import urlencode
    args = request.args.to_dict(flat=False)
    args["lang"] = [code]
    return request.path + "?" + urlencode(args, doseq=True)


def init_app(app) -> None:
    app.jinja_env.globals.update(t=t_page, label=label, wind_name=wind_name, strip_citation=strip_citation,
                                 split_source=split_source, fan_name=fan_name, result_facts=result_facts,
                                 review_questions=review_questions, review_notes=review_notes,
                                 page_lang=lang, languages=LANGUAGES, lang_url=lang_url,
                                 choice_label=choice_label, capture_text=capture_text)
    app.after_request(remember)
