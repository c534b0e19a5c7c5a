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
from markupsafe import Markup, escape
from jinja2 import pass_context

from scorer.rulesets import item_definition, unused_reason
from scorer.result import (MERGED_PAYER_WORDS, dora_words, Payment, fu_before_rounding, fu_counts, odd_faan_paid_as_below,
                           others_merged, uncapped_score, unit_for)
from scorer.mcr.fans import FANS as MCR_FANS
from scorer.riichi.names import YAKU_NAMES, fu_definition
from scorer.riichi.payments import payment_steps

LANGUAGES = {"en": "English", "fr": "Français"}
COOKIE = "mjtable_lang"

#: The game page's flash for ``gamelog.noten_riichi`` (one key: it is too long for one line).
NOTEN_RIICHI_FLASH = ("{name} declared riichi and is not tenpai: that is a chombo unless the hand was declared dead "
                      "after the riichi (then the draw stands as recorded); otherwise undo the draw and record the chombo")
#: The game page's note for ``gamelog.riichi_discarder``.
RIICHI_DISCARD_FLASH = ("{name} discarded the winning tile and is ticked as declaring riichi: their stick goes to "
                        "the winner. Only if that tile was the riichi discard itself, the riichi did not stand and "
                        "the stick goes back to {name}: then edit the hand and untick {name}")
FR = {
    # the review page's questions of a photo out of focus or too dark (review_questions)
    "The photo looks out of focus: some tiles may be misread. Check each tile, or take it again, holding the phone still and tapping the tiles on the screen to focus.":
        "La photo semble floue : des tuiles peuvent être mal lues. Vérifiez chaque tuile, ou reprenez-la en tenant le téléphone immobile et en touchant les tuiles à l'écran pour faire la mise au point.",
    "The photo is very dark: some tiles may be missed or misread. Check each tile, or take it again in more light.":
        "La photo est très sombre : des tuiles peuvent manquer ou être mal lues. Vérifiez chaque tuile, ou reprenez-la avec plus de lumière.",
    "The photo is washed out (too bright): some tiles may be missed or misread. Check each tile, or take it again out of direct light or without the flash.":
        "La photo est délavée (trop claire) : des tuiles peuvent manquer ou être mal lues. Vérifiez chaque tuile, ou reprenez-la à l'abri de la lumière directe ou sans le flash.",
    "The photo is grainy (noise from dim light): some tiles may be missed or misread. Check each tile, or take it again in more light.":
        "La photo a du grain (le bruit d'une lumière faible) : des tuiles peuvent manquer ou être mal lues. Vérifiez chaque tuile, ou reprenez-la avec plus de lumière.",
    "The photo's edge cuts some tiles: part of their faces is outside it, so they may be misread. Check each tile, or take the photo again with the whole tiles in it.":
        "Le bord de la photo coupe des tuiles : une partie de leur face est hors de la photo, elles peuvent donc être mal lues. Vérifiez chaque tuile, ou reprenez la photo avec les tuiles entières dedans.",
    "Your tile set “{name}” is learning this hand's {n} correction(s) in the background (the machine is busy); a correction that would make other tiles of this photo read wrongly is left out.":
        "Votre jeu de tuiles « {name} » apprend en arrière-plan les {n} correction(s) de cette main (la machine est occupée) ; une correction qui ferait mal lire d'autres tuiles de cette photo est écartée.",
    "Correct the tiles in the editor": "Corriger les tuiles dans l'éditeur",
    "Your tiles are still being learnt (the machine is busy): press Save again in a minute.":
        "Vos tuiles sont encore en cours d'apprentissage (la machine est occupée) : appuyez de nouveau sur Enregistrer dans une minute.",
    "The photo seems blurred (the tiles’ edges are soft): a profile learnt from it reads your tiles less well, and blur may be why tiles are read otherwise below. Hold the phone still, in good light, and take it again.":
        "La photo semble floue (les contours des tuiles ne sont pas nets) : un profil appris sur elle lit moins bien vos tuiles, "
        "et le flou peut expliquer les tuiles lues autrement ci-dessous. Tenez le téléphone immobile, en bonne lumière, "
        "et reprenez-la.",
    "The tile in the {place} place is read as {code}, as is the tile in the {code} place. If it is the {place}, all is well: your tiles are learnt as laid out. If the {code} was laid there twice, put the {place} in its place: saved so, your photos’ {code} tiles may be read as {place}.":
        "La tuile à la place du {place} est lue {code}, comme celle à la place du {code}. Si c'est bien le "
        "{place}, tout va bien : vos tuiles sont apprises telles qu'elles sont posées. Si le {code} a été posé là "
        "une seconde fois, mettez le {place} à sa place : enregistré ainsi, les {code} de vos photos pourraient "
        "être lus comme {place}.",
    "The {a} and the {b} seem laid in each other’s place (each is read as the other): check them. Saved so, your photos’ tiles of the two are read swapped.":
        "{a} et {b} semblent posés à la place l’un de l’autre (chacun est lu comme l’autre) : vérifiez-les. Enregistrés ainsi, les tuiles de ces deux codes seront lues interverties sur vos photos.",
    "Correct the tiles of {player}": "Corriger les tuiles de {player}",
    "Read-only: {reason}. Games can be viewed and exported, not changed.":
        "Lecture seule : {reason}. Les parties peuvent être consultées et exportées, pas modifiées.",
    # navigation and the photo page
    "Skip to the page": "Aller au contenu", "placed as {tile}": "placée comme {tile}",
    "the tile as photographed": "la tuile telle que photographiée",
    "Photo": "Photo", "Enter a hand": "Saisir une main", "Games": "Parties", "Join": "Rejoindre",
    "Let the table join": "Faire rejoindre la table",
    "Scan this with a phone on the same network, or open the link. Devices without it can neither read nor change the game log.":
        "Scannez ceci avec un téléphone sur le même réseau, ou ouvrez le lien. Les appareils qui ne l'ont pas ne peuvent ni lire ni modifier le journal de la partie.",
    "This server only answers this computer. Start it with {command} to let phones at the table join.":
        "Ce serveur ne répond qu'à cet ordinateur. Lancez-le avec {command} pour que les téléphones de la table puissent le rejoindre.",
    "A chombo’s penalty is deducted after the uma and paid to no player (002 §3.4.6, tournament): the scores add up to {sum}, not 0.":
        "La pénalité d'un chombo est déduite après l'attribution des uma et n'est payée à aucun joueur (002 §3.4.6, tournoi) : les scores font {sum} au total, pas 0.",
    "These names differ only by accents or spaces: if they are one player, write the name alike in every game (the game page renames a player):":
        "Ces noms ne diffèrent que par des accents ou des espaces : s'il s'agit d'un seul joueur, écrivez son nom de la même façon dans chaque partie (la page de la partie renomme un joueur) :",
    "the rate is no longer kept with this game": "le taux n'est plus gardé avec cette partie",
    "Forget this game’s rate": "Oublier le taux de cette partie",
    "Settled at the rate kept with this game.": "Réglé au taux gardé avec cette partie.",
    "The rate kept with this game stands: its page settles at it when opened again.":
        "Le taux gardé avec cette partie reste : sa page se règle à ce taux quand on la rouvre.",
    "No winning tile written apart: the last tile written, {tile}, is taken as the winning tile (★). Write the winning tile after a space, or mark ★ on another tile.":
        "Aucune tuile gagnante écrite à part : la dernière tuile écrite, {tile}, est prise comme tuile gagnante (★). Écrivez la tuile gagnante après une espace, ou marquez ★ sur une autre tuile.",
    "Move hand {n} to another game": "Déplacer la main {n} vers une autre partie",
    "A hand recorded into the wrong game goes to another game of the same rules still in play, as the table entered it, with its photo: at the end, or before the hands recorded there since it was played; its deal, counters and points are that game’s. Here it is deleted and every later hand recomputed.":
        "Une main enregistrée dans la mauvaise partie va dans une autre partie en cours des mêmes règles, telle que la table l'a saisie, avec sa photo : à la fin, ou avant les mains enregistrées là depuis qu'elle a été jouée ; sa donne, ses compteurs et ses points sont ceux de cette partie. Ici, elle est supprimée et chaque main suivante recalculée.",
    "Nothing was moved.": "Rien n'a été déplacé.",
    "The end of a game cannot move to another game.": "La fin d'une partie ne peut pas aller dans une autre partie.",
    "No other game of these rules is in play: start one from the games page, then come back here.":
        "Aucune autre partie de ces règles n'est en cours : commencez-en une depuis la page des parties, puis revenez ici.",
    "Move it to": "La déplacer vers", "— which game? —": "— quelle partie ? —", "Choose this game": "Choisir cette partie",
    "Who is who in “{game}”": "Qui est qui dans « {game} »", "{player} is": "{player} est",
    "Move hand {n} to “{game}”": "Déplacer la main {n} vers « {game} »",
    "“{game}” has hands recorded after this one was played: it goes before them, as its hand {n}, and they are played again after it.":
        "« {game} » a des mains enregistrées après que celle-ci a été jouée : elle va avant elles, comme sa main {n}, et elles sont rejouées après elle.",
    "Move hand {n} to “{game}”? It goes there as its hand {m}, scored in its deal, and here every later hand is recomputed (and a settlement in money with them). It cannot go back to its place here: only to a game in play.":
        "Déplacer la main {n} vers « {game} » ? Elle y va comme sa main {m}, comptée dans sa donne, et ici chaque main suivante est recalculée (et un règlement en argent avec elles). Elle ne peut pas revenir à sa place ici : seulement dans une partie en cours.",
    "hand {n} moved to {game}, as its hand {m}": "main {n} déplacée vers {game}, comme sa main {m}",
    "moved to {game}": "déplacée vers {game}", "another game": "une autre partie",
    "moved here from {game}": "déplacée ici depuis {game}", "its hand {n} then": "alors sa main {n}",
    "Settle in money": "Régler en argent", "Rate": "Taux", "Currency": "Devise", "per … points": "pour … points",
    "Rounded to": "Arrondi à", "per {per} point(s)": "pour {per} point(s)", "rounded to {step}": "arrondi à {step}", "Settle": "Régler", "Receives (+) or pays (−)": "Reçoit (+) ou paie (−)",
    "Who pays whom": "Qui paie qui", "{payer} puts {amount} in the pot": "{payer} met {amount} au pot",
    "{payee} takes {amount} from the pot": "{payee} prend {amount} au pot",
    "{payer} pays {payee} {amount}": "{payer} paie {amount} à {payee}",
    "Nobody pays: every sum rounds to 0.": "Personne ne paie : chaque somme s'arrondit à 0.",
    "Each player’s score × {rate} per {per} point(s), rounded to {step}, the sums adding up as the scores do (a step the rounding leaves over goes to the players rounded furthest, then by name: players level may get a step apart).":
        "Le score de chaque joueur × {rate} pour {per} point(s), arrondi à {step}, les sommes s'additionnant comme les scores (le pas qui reste après l'arrondi va aux joueurs dont la somme a été le plus arrondie, puis par ordre des noms : deux joueurs à égalité peuvent différer d'un pas).",
    "Players not ranked here (fewer finished games than asked) are settled too: their games count.":
        "Les joueurs non classés ici (moins de parties terminées que demandé) sont réglés aussi : leurs parties comptent.",
    "The scores do not add up to zero (a penalty that leaves the table, as a tournament chombo does): what leaves it goes to the pot, paid by the penalty’s offender.":
        "Les scores ne s'annulent pas (une pénalité qui quitte la table, comme un chombo en tournoi) : ce qui la quitte va au pot, payé par le fautif.",
    "Penalties taken after the uma (tournament chombos, 002 §3.4.6): {sum} in all, paid to no player; the totals add up to {sum}, not 0.":
        "Pénalités déduites après l'attribution des uma (chombos en tournoi, 002 §3.4.6) : {sum} au total, payées à aucun joueur ; les totaux font {sum}, pas 0.",
    "The scores add up to more than zero: what is received beyond what is paid comes from the pot.":
        "Les scores font plus que zéro au total : ce qui est reçu au-delà de ce qui est payé vient du pot.",
    "Your tile set": "Votre jeu de tuiles", "Your tiles": "Vos tuiles", "deleted since": "supprimé depuis",
    "now named “{name}”": "désormais nommé « {name} »",
    "Your tile set “{name}” learns from this hand's {n} correction(s).":
        "Votre jeu de tuiles « {name} » apprend de cette main ({n} correction(s)).",
    "Taken back from your tile set “{name}”.": "Repris à votre jeu de tuiles « {name} ».",
    "It does not learn {tiles} from it: other tiles of this photo, left as read, would then be read so.":
        "Il n'en apprend pas {tiles} : d'autres tuiles de cette photo, laissées telles que lues, seraient alors lues ainsi.",
    "{n} corrected tile(s) read as lying sideways (half hidden, or seen at a slant, perhaps): your tile set learns only from tiles read upright.":
        "{n} tuile(s) corrigée(s) lue(s) couchée(s) sur le côté (à demi cachée(s), ou vue(s) de biais, peut-être) : votre jeu de tuiles n'apprend que des tuiles lues droites.",
    "{n} tile(s) marked ? may be so too: correct them if they are.":
        "{n} tuile(s) marquée(s) ? le sont peut-être aussi : corrigez-les si c'est le cas.",
    "They are {code}": "Ce sont des {code}",
    "your tile set “{name}” forgets its tiles": "votre jeu de tuiles « {name} » oublie ses tuiles",
    "your tile set “{name}” learns its tiles again": "votre jeu de tuiles « {name} » réapprend ses tuiles",
    "Your tile set “{name}” does not learn from this hand's correction(s): other tiles of this photo, left as read, would then be read as {tiles}.":
        "Votre jeu de tuiles « {name} » n'apprend pas des corrections de cette main : d'autres tuiles de cette photo, laissées telles que lues, seraient alors lues {tiles}.",
    "This hand's changes could not be saved: {why}": "Les modifications de cette main n'ont pas pu être enregistrées : {why}",
    "★ stays on the {star} read from the photo. If the {added} you added won, make it the winning tile:":
        "★ reste sur le {star} lu sur la photo. Si le {added} que vous avez ajouté a gagné, faites-en la tuile gagnante :",
    "★ on the {tile}": "★ sur le {tile}",
    "perhaps {code}, like the tile you corrected: check it": "peut-être {code}, comme la tuile corrigée : vérifiez-la",
    "Your tile set “{name}” learns from this hand's {n} tile(s).":
        "Votre jeu de tuiles « {name} » apprend des {n} tuile(s) de cette main.",
    "Teach mjtable your own tiles from one photo of them laid out (about a minute): it then reads them better.":
        "Apprenez à mjtable à lire vos tuiles, avec une photo de leur disposition (environ une minute) : il les lit ensuite mieux.",
    "teach mjtable to read your tiles from one photo of them laid out (about a minute).":
        "apprenez à mjtable à lire vos tuiles, avec une photo de leur disposition (environ une minute).",
    "Read a winning hand": "Lire une main gagnante", "Take a photo": "Prendre une photo", "Continue the hand you were reviewing": "Reprendre la main que vous vérifiiez", "Forget this hand": "Oublier cette main", "Choose a saved photo": "Choisir une photo enregistrée",
    "Read the hand": "Lire la main", "Rules": "Règles", "Uploading…": "Envoi…", "Preparing the photo…": "Préparation de la photo…",
    "Recording for game": "Enregistrement pour la partie",
    "Camera": "Caméra", "No photo?": "Pas de photo ?", "Type the hand instead": "Écrire la main à la place",
    "Use this device's camera": "Utiliser la caméra de cet appareil", "Use the server's webcam": "Utiliser la webcam du serveur",
    "Capture and read": "Capturer et lire", "Live mode": "Mode direct", "Stop": "Arrêter",
    "Use this device's camera (on this computer, or over HTTPS: browsers give no camera to a plain http address such as the join link) or a webcam attached to the server. In live mode, a complete hand that stays in view for about a second is read and scored by itself.":
        "Utilisez la caméra de cet appareil (sur cet ordinateur, ou en HTTPS : les navigateurs ne donnent pas la caméra à une simple adresse http comme le lien d'invitation) ou une webcam branchée au serveur. En mode direct, une main complète qui reste visible environ une seconde est lue et comptée d'elle-même.",
    "Active tile set:": "Jeu de tuiles actif :", "Read with the tile set:": "Lu avec le jeu de tuiles :", "Language": "Langue",
    "this browser gives no camera here (browsers allow it on localhost or HTTPS); use the photo button above, which opens the phone's camera":
        "ce navigateur ne donne pas de caméra ici (seulement sur localhost ou en HTTPS) ; utilisez le bouton photo ci-dessus, qui ouvre l'appareil photo du téléphone",
    "the camera could not be opened:": "la caméra n'a pas pu être ouverte :",
    "the camera was refused: allow it in the browser's site settings, or use the photo button above":
        "la caméra a été refusée : autorisez-la dans les réglages du site du navigateur, ou utilisez le bouton photo ci-dessus",
    "this device has no camera the browser can use":
        "cet appareil n'a pas de caméra que le navigateur puisse utiliser",
    "the camera is busy: another app or tab is using it":
        "la caméra est occupée : une autre application ou un autre onglet l'utilise",
    "no camera here can film as asked; use the photo button above":
        "aucune caméra ici ne peut filmer comme demandé ; utilisez le bouton photo ci-dessus",
    "the browser forbids the camera on this page (it needs localhost or HTTPS)":
        "le navigateur interdit la caméra sur cette page (il faut localhost ou HTTPS)",
    "no webcam on the server": "pas de webcam sur le serveur",
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
    "No face-up tile was found in the photo: take another one, with the tiles face up, lit, sharp (the phone held still) and filling most of the picture, or type the hand.":
        "Aucune tuile face visible n'a été trouvée sur la photo : prenez-en une autre, les tuiles face visible, éclairées, nettes (le téléphone tenu immobile) et remplissant la plus grande partie de l'image, ou écrivez la main.",
    "no tiles found in the photo: take another one, with the tiles face up, lit, sharp (the phone held still) and filling most of the picture, or type the hand":
        "aucune tuile trouvée sur la photo : prenez-en une autre, les tuiles face visible, éclairées, nettes (le "
        "téléphone tenu immobile) et occupant l'essentiel de l'image, ou tapez la main",
    "No tiles were found in the photo: add them, or take another photo.":
        "Aucune tuile n'a été trouvée sur la photo : ajoutez-les, ou prenez une autre photo.",
    "P: your tile-set profile read this tile otherwise than the base model did; check these first.":
        "P : votre profil de jeu a lu cette tuile autrement que le modèle de base ; vérifiez-les d'abord.",
    "+ Tile": "+ Tuile", "Select": "Choisir", "Undo": "Annuler", "Redo": "Rétablir", "Clear": "Vider",
    "Standing": "Main debout", "From left": "De gauche", "From across": "D'en face", "From right": "De droite",
    "Concealed kong": "Kong caché", "concealed kong": "kong caché", "concealed pung": "pung caché",
    "concealed chow": "chow caché", "Type the hand": "Écrire la main", "Notation": "Notation", "Use": "Utiliser",
    # a layout tile read as a red five on the calibration check page ("read 0p" was a code to decode)
    "red {code}": "{code} rouge",
    # mjtable read --lang fr, a tile's line and the stages' times
    "box": "boîte", "top 3:": "3 meilleurs :", "(base model: {code})": "(modèle de base : {code})",
    "sideways": "de côté", "unknown face": "face inconnue", "unsure": "incertaine", "reading": "lecture",
    "grouping": "regroupement", "decoding": "décodage", "scoring": "décompte", "loading the models": "chargement des modèles",
    # mjtable record --lang fr
    "{what}, after hand {n}": "{what}, après la main {n}",
    "hand {n} ({deal}, {dealer} deals): {what}; {moved}": "main {n} ({deal}, {dealer} est croupier) : {what} ; {moved}",
    "game {id} started: {name} ({rules})": "partie {id} commencée : {name} ({rules})",
    "deleting game {id} ({name}) removes its {hands} for good: add --yes":
        "supprimer la partie {id} ({name}) efface ses {hands} pour de bon : ajoutez --yes",
    "game {id} ({name}) deleted, with its {hands}": "partie {id} ({name}) supprimée, avec ses {hands}",
    "undone: {hand}": "Annulée : {hand}", "last hand undone": "Dernière main annulée",
    "kept in the game's history: “Restore this hand” under “History of changes” on the game's page (mjtable serve) puts it back":
        "gardée dans l'historique de la partie : « Rétablir cette main » sous « Historique des modifications », sur la "
        "page de la partie (mjtable serve), la remet",
    "who is who there: {pairs} (--as PLAYER=OTHER to choose)":
        "qui est qui là-bas : {pairs} (--as JOUEUR=AUTRE pour choisir)",
    "{player} as {other}": "{player} comme {other}",
    "{player}'s hand: {message}": "main de {player} : {message}",
    "the tile set could not learn this hand ({error})": "le jeu de tuiles n'a pas pu apprendre cette main ({error})",
    "your tile set {name} learnt this hand's {n} tile(s)": "votre jeu de tuiles {name} a appris les {n} tuile(s) de cette main",
    "your tile set {name} no longer learns from that hand ({n} tile(s))":
        "votre jeu de tuiles {name} n'apprend plus de cette main ({n} tuile(s))",
    "riichi: {players}": "riichi : {players}",
    "(dora indicators read: {tiles})": "(indicateurs de dora lus : {tiles})",
    "hand {n} of game {game} moved to game {to}, as its {hand}":
        "main {n} de la partie {game} déplacée dans la partie {to}, comme sa {hand}",
    "(from the command line: mjtable record undo {game}, then record the hand again)":
        "(en ligne de commande : mjtable record undo {game}, puis enregistrez à nouveau la main)",
    # live mode
    "the server could not be reached (is it running?)": "le serveur est injoignable (est-il lancé ?)",
    "the camera stopped (the phone locked, or another app took it): start it again":
        "la caméra s'est arrêtée (téléphone verrouillé, ou une autre application l'a prise) : relancez-la",
    "The last hand kept (the view has changed since):": "La dernière main gardée (la vue a changé depuis) :",
    "Live mode stopped: no new hand for 5 minutes. Tick it again to go on.":
        "Mode direct arrêté : aucune nouvelle main depuis 5 minutes. Cochez-le à nouveau pour continuer.",
    "Looking… 1 tile in view": "Recherche… 1 tuile visible",
    "the server did not answer in time (is it busy?)": "le serveur n'a pas répondu à temps (est-il occupé ?)",
    "the camera shows no picture yet": "la caméra ne montre pas encore d'image",

    "Standing tiles in mpsz groups, [555p] exposed meld, (1111z) concealed kong, last tile written = winning tile, 16f flowers, 0p a red five, [5555p,1+] a kong added to a claimed pung.":
        "Tuiles debout par groupes mpsz, [555p] combinaison exposée, (1111z) kong caché, dernière tuile écrite = tuile gagnante, 16f fleurs, 0p un cinq rouge, [5555p,1+] un kong ajouté à un pung pris.",
    "m characters, p dots, s bamboos, z honours: 1z-4z East South West North, 5z-7z white, green, red dragons (or E S W N, P F C: Pai, Fa, Chun); [555p,1] claimed from the left (2 across, 3 right); in a chow, always claimed from the left, the number says which tile was claimed: [345m,2] the 4m.":
        "m caractères, p ronds, s bambous, z honneurs : 1z-4z Est Sud Ouest Nord, 5z-7z dragons blanc, vert, rouge "
        "(ou E S O N, W pour Ouest aussi, B V R : blanc, vert, rouge, ou P F C : Pai, Fa, Chun) ; [555p,1] prise à gauche (2 en face, 3 à droite) ; dans un chow, toujours pris à gauche, "
        "le chiffre dit quelle tuile a été prise : [345m,2] le 4m.",
    "Who declared riichi?": "Qui a déclaré riichi ?",
    "Who won?": "Qui a gagné ?", "On whose discard?": "Sur l'écart de qui ?", "Self-drawn": "Pioche (tsumo)",
    "More about this hand": "Plus sur cette main", "Dealer (East)": "Croupier (Est)", "Round wind": "Vent du tour",
    "Rule options": "Options des règles", "variant {n}": "variante {n}",
    # 000 and 001 say « combinaison » (and « points ») where English says fan
    "no combined fan": "sans combinaison commune", "combined fan 6": "une combinaison à 6", "combined fan 5": "une combinaison à 5",
    "full flush and terminal pungs not counted": "Main Pure et Pung de Terminales ou d'Honneurs non comptés", "terminal pungs counted": "Pung de Terminales ou d'Honneurs comptés",
    "one terminal pung not counted": "un Pung de Terminales ou d'Honneurs non compté", "no wait fan on the knit's tiles": "pas d'attente comptée sur les tuiles de la suite",
    "wait fan when the knit holds its own copy": "attente comptée quand la suite a sa propre copie", "source": "source", "what it is": "ce que c'est",
    "{n} faan found": "{n} fan trouvés",
    "Send it again": "L'envoyer à nouveau", "each of the two others": "chacun des deux autres", "each of the three others": "chacun des trois autres",
    "each of the two non-dealers": "chacun des deux joueurs autres que le croupier",
    "each of the three non-dealers": "chacun des trois joueurs autres que le croupier", "Rarer wins": "Victoires plus rares",
    "the same for every winner": "les mêmes pour chaque gagnant",
    "Another winner on the same discard": "Un autre gagnant sur le même écart",
    "none (played without flowers)": "aucune (partie sans fleurs)",
    "A: each flower 1 faan, or 1 for none": "A : chaque fleur 1 fan, ou 1 sans fleur",
    "B: each flower of the round, 1 faan": "B : chaque fleur du tour, 1 fan",
    "C: each flower of the seat, 1 faan": "C : chaque fleur de la position, 1 fan",
    "D: round and seat flower, 2 faan": "D : fleur du tour et du joueur, 2 fan", "Score": "Score", "Scoring…": "Calcul…",
    "Record this hand into a game": "Enregistrer cette main dans une partie", "Open it here": "L'ouvrir ici",
    "This page needs JavaScript to show the tiles, correct them and score the hand.":
        "Cette page a besoin de JavaScript pour montrer les tuiles, les corriger et compter la main.",
    "Without it, type the hand in the game page’s win form:": "Sans lui, écrivez la main dans le formulaire de victoire de la page de la partie :",
    "Your corrections are kept; the game asks who won and on whose discard.":
        "Vos corrections sont gardées ; la partie demande qui a gagné et sur l'écart de qui.",
    "To keep this hand in a game log, start or open a game and record it from there.":
        "Pour garder cette main dans une partie, commencez ou ouvrez une partie et enregistrez-la depuis celle-ci.",
    "These games were played under different house rules: their scores do not compare one for one.":
        "Ces parties ont été jouées avec des règles maison différentes : leurs scores ne se comparent pas tels quels.",
    "no house rules": "sans règle maison",
    "scored as": "comptée en",
    "This replaces the profile “{name}”, which learnt no tile from your corrections or recorded hands since its layout photo: it will not be kept. The earlier copy of this name, which learnt {n} tile(s), will stay kept and can be restored from the saved profiles; to keep both in the list, go back and give this one another name.":
        "Ceci remplace le profil « {name} », qui n'a appris aucune tuile de vos corrections ni des mains "
        "enregistrées depuis sa photo de disposition : il ne sera pas conservé. La copie antérieure de ce nom"
        ", qui a appris {n} tuile(s), restera conservée et pourra être rétablie depuis les profils enregistrés ; "
        "pour garder les deux dans la liste, revenez en arrière et donnez un autre nom à celui-ci.",
    "The earlier copy of this name ({n} tile(s) learnt) will no longer be kept.":
        "La copie antérieure de ce nom ({n} tuile(s) apprise(s)) ne sera plus conservée.",
    "This replaces the profile “{name}”, which learnt {n} tile(s) from your corrections and recorded hands since its layout photo. It is kept, and can be restored from the saved profiles; to keep both in the list, go back and give this one another name.":
        "Ceci remplace le profil « {name} », qui a appris {n} tuile(s) de vos corrections et des mains "
        "enregistrées depuis sa photo de disposition. Il est gardé et peut être rétabli depuis les profils enregistrés ; "
        "pour garder les deux dans la liste, revenez en arrière et donnez un autre nom à celui-ci.",
    "The profile it replaced, “{name}” ({n} tile(s) learnt from hands), is kept.":
        "Le profil qu'il a remplacé, « {name} » ({n} tuile(s) apprise(s) des mains), est gardé.",
    "Restore the profile “{name}” that this one replaced? This one is kept in its place.":
        "Rétablir le profil « {name} » que celui-ci a remplacé ? Celui-ci est gardé à sa place.",
    "Restore the one it replaced": "Rétablir celui qu'il a remplacé",
    "Profile “{name}” is now named “{new_name}”.": "Le profil « {name} » s'appelle maintenant « {new_name} ».",
    "New name for {name}": "Nouveau nom pour {name}", "new name": "nouveau nom", "Rename": "Renommer",
    "Choose the profile's file (the .npz a Download on another machine wrote).":
        "Choisissez le fichier du profil (le .npz qu'un Télécharger a écrit sur l'autre machine).",
    "Profile “{name}” imported: it is the active profile.": "Profil « {name} » importé : c'est le profil actif.",
    "The profile's name in the file has {n} characters: it is saved under its first {k} (Rename gives it another).":
        "Le nom du profil dans le fichier a {n} caractères : il est enregistré sous ses {k} premiers (Renommer lui en donne un autre).",
    "It replaces the profile “{name}”, which is kept: Restore brings it back.":
        "Il remplace le profil « {name} », qui est conservé : Rétablir le ramène.",
    "The earlier copy of this name ({n} tile(s) learnt) is no longer kept.":
        "La copie antérieure de ce nom ({n} tuile(s) apprise(s)) n'est plus conservée.",
    "The profile it replaces, “{name}”, learnt no tile since its layout photo and was not kept; the earlier "
    "copy of this name ({n} tile(s) learnt) is kept: Restore brings it back.":
        "Le profil qu'il remplace, « {name} », n'avait appris aucune tuile depuis sa photo de disposition et n'est pas "
        "conservé ; la copie antérieure de ce nom ({n} tuile(s) apprise(s)) est "
        "conservée : Rétablir la ramène.",
    # the calibrate command's messages (mjtable/commands/calibrate.py, --lang fr)
    "{problem}; give another --data-dir": "{problem} ; donnez un autre --data-dir",
    "give either a photo to calibrate from or --list/--activate/--deactivate/--remove/--rename/--restore/--export/--import/--relearn, not both":
        "donnez soit une photo à calibrer, soit --list/--activate/--deactivate/--remove/--rename/--restore/--export/--import/--relearn, pas les deux",
    "active profile: {name}": "profil actif : {name}",
    "--name goes with a calibration photo or --import, not with {flag}":
        "--name va avec une photo à calibrer ou --import, pas avec {flag}",
    "no active profile: the base model reads tiles alone": "aucun profil actif : le modèle de base lit seul les tuiles",
    "relearning {name}: {laid} cuts of the layout's tiles, {corrections} corrections, {confirmed} tiles of recorded hands...":
        "nouvel apprentissage de {name} : {laid} découpes des tuiles de la disposition, {corrections} corrections, {confirmed} tuiles de mains enregistrées...",
    "done; {what}": "terminé ; {what}",
    "profile {name} is already so named": "le profil {name} porte déjà ce nom",
    "profile {name} is now named {new}": "le profil {name} s'appelle désormais {new}",
    "restored profile {name}": "profil {name} rétabli",
    "; the profile {newer} that replaced it is kept (--restore again swaps them back)":
        " ; le profil {newer} qui l'avait remplacé est conservé (un nouveau --restore les échange de nouveau)",
    "; it is the active one": " ; c'est le profil actif",
    "; the newer copy that replaced it, made {when}, is kept (--restore again swaps them back)":
        " ; la copie plus récente qui l'avait remplacé, faite le {when}, est conservée (un nouveau --restore les échange "
        "de nouveau)",
    "the earlier copy it replaced, made {when} ({n} tile(s) learnt), is kept: mjtable calibrate --restore {slug}":
        "la copie plus ancienne qu'il a remplacée, faite le {when} ({n} tuile(s) apprise(s)), est conservée : mjtable "
        "calibrate --restore {slug}",
    "give a calibration photo (mjtable calibrate PHOTO --name NAME) or --list":
        "donnez une photo de calibrage (mjtable calibrate PHOTO --name NOM) ou --list",
    "{photo} is a folder: give the layout photo's file": "{photo} est un dossier : donnez le fichier de la photo de disposition",
    "no such photo: {photo}": "photo introuvable : {photo}",
    "delete the profile {name}, and the profile it replaced ({n} tile(s) learnt), kept to be restored":
        "supprimer le profil {name}, et le profil qu'il a remplacé ({n} tuile(s) apprise(s)), conservé pour être rétabli",
    "delete the profile {name}": "supprimer le profil {name}",
    "cannot ask for confirmation (standard input is not a terminal): run again with --yes to {what}.":
        "impossible de demander confirmation (l'entrée standard n'est pas un terminal) : relancez avec --yes pour {what}.",
    "?": " ?",
    "nothing deleted": "rien n'a été supprimé",
    "nothing relearnt": "rien n'a été réappris",
    "relearn {name}: the profile as it is now will be kept to restore, and the earlier copy of this name ({n} tile(s) learnt) will no longer be kept":
        "réapprendre {name} : le profil tel qu'il est maintenant sera conservé pour être rétabli, et la copie "
        "antérieure de ce nom ({n} tuile(s) apprise(s)) ne sera plus conservée",
    "removed profile {name}": "profil {name} supprimé",
    " and the profile it had replaced": ", ainsi que le profil qu'il avait remplacé",
    "; it was the active one: the base model now reads alone": " ; c'était le profil actif : le modèle de base lit désormais seul",
    "{out} is a folder: give the file to write, e.g. {example}": "{out} est un dossier : donnez le fichier à écrire, par exemple {example}",
    "{out} exists: give another file name, or add --yes to write over it":
        "{out} existe déjà : donnez un autre nom de fichier, ou ajoutez --yes pour l'écraser",
    "wrote profile {name} to {out} ({kb} KB); on the other machine: mjtable calibrate --import {file}":
        "profil {name} écrit dans {out} ({kb} Ko) ; sur l'autre machine : mjtable calibrate --import {file}",
    "{file} is a folder: give the profile's file": "{file} est un dossier : donnez le fichier du profil",
    "the profile's name in the file has {n} characters: it is saved under its first {k} (--name gives it another)":
        "le nom du profil dans le fichier a {n} caractères : il est enregistré sous ses {k} premiers (--name lui en donne un autre)",
    "imported profile {name} ({codes} codes, {n} tile(s) learnt from hands); it is now the active profile":
        "profil {name} importé ({codes} codes, {n} tuile(s) apprise(s) des mains) ; c'est désormais le profil actif",
    "no earlier profile of this name is kept": "aucun profil antérieur de ce nom n'est conservé",
    "`mjtable calibrate --restore {slug}` brings it back": "`mjtable calibrate --restore {slug}` le ramène",
    "the profile as it was": "le profil tel qu'il était",
    "it replaces a profile of this name that could not be read": "il remplace un profil de ce nom qui ne pouvait être lu",
    "It replaces a profile of this name that could not be read.": "Il remplace un profil de ce nom qui ne pouvait être lu.",
    "the profile it replaces, {name},": "le profil qu'il remplace, {name},",
    "the unreadable profile it replaces": "le profil illisible qu'il remplace",
    "{gone} learnt no tile since its layout photo and was not kept; the earlier copy of this name ({n} tile(s) learnt) is kept, and {restore}":
        "{gone} n'avait appris aucune tuile depuis sa photo de disposition et n'est pas conservé ; la copie antérieure de ce nom ({n} tuile(s) apprise(s)) est conservée, et {restore}",
    "the profile as it was ({n} tile(s) learnt) is kept": "le profil tel qu'il était ({n} tuile(s) apprise(s)) est conservé",
    "it replaces the profile {name} ({n} tile(s) learnt), which is kept":
        "il remplace le profil {name} ({n} tuile(s) apprise(s)), qui est conservé",
    ", and {restore}": ", et {restore}",
    "; the earlier copy of this name ({n} tile(s) learnt) is no longer kept":
        " ; la copie antérieure de ce nom ({n} tuile(s) apprise(s)) n'est plus conservée",
    "no profiles in {folder}": "aucun profil dans {folder}",
    "damaged: {error}": "endommagé : {error}",
    " (remove it with: mjtable calibrate --remove {slug})": " (supprimez-le avec : mjtable calibrate --remove {slug})",
    "{name}: {codes} codes, {n} tile(s) learnt since the layout photo: {corrections} correction(s) sent alone, {confirmed} tile(s) of hands reviewed or recorded":
        "{name} : {codes} codes, {n} tuile(s) apprise(s) depuis la photo de disposition : {corrections} correction(s) envoyée(s) seule(s), {confirmed} tuile(s) de mains vérifiées ou enregistrées",
    "; not learnt yet (experimental: mjtable calibrate --relearn {slug})":
        " ; pas encore apprises (expérimental : mjtable calibrate --relearn {slug})",
    "cannot be read here: {why}": "illisible ici : {why}",
    "the profile it replaced, {name} ({n} tile(s) learnt), is kept: mjtable calibrate --restore {slug}":
        "le profil qu'il a remplacé, {name} ({n} tuile(s) apprise(s)), est conservé : mjtable calibrate --restore {slug}",
    "{n} tiles read from {photo}": "{n} tuiles lues sur {photo}",
    "(read {orientation})": "(lue {orientation})",
    "the photo is mirrored (as a front camera or a webcam app may save it): its tiles were read mirrored back":
        "la photo est inversée comme dans un miroir (comme peut l'enregistrer une caméra frontale ou une application de "
        "webcam) : ses tuiles ont été lues remises à l'endroit",
    "row {k}:": "rangée {k} :",
    "the layout does not match (docs/calibration.md):": "la disposition ne correspond pas (docs/calibration.md) :",
    "fix the layout and take the photo again; nothing was saved":
        "corrigez la disposition et reprenez la photo ; rien n'a été enregistré",
    "{n} tiles assigned by position": "{n} tuiles attribuées d'après leur place",
    "(no flowers or seasons row: the set is taken to have none; if it has them, lay them out in a row below, or your profile reads them as other tiles)":
        "(pas de rangée de fleurs et saisons : le jeu est pris pour n'en avoir aucune ; s'il en a, posez-les en une rangée en dessous, sinon votre profil les lira comme d'autres tuiles)",
    "! the photo seems blurred (the tiles' edges are soft): a profile learnt from it reads your tiles less well, and blur may be why tiles are read otherwise below; hold the phone still, in good light, and take it again":
        "! la photo semble floue (les bords des tuiles sont mous) : un profil appris d'après elle lit moins bien vos tuiles, et le flou peut expliquer les tuiles lues autrement ci-dessous ; tenez le téléphone immobile, en bonne lumière, et reprenez-la",
    "the base model reads {n} of them differently (shown as assigned≠read above):":
        "le modèle de base en lit {n} autrement (montrées attribuée≠lue ci-dessus) :",
    "{code} read as {base} ({p})": "{code} lu comme {base} ({p})",
    "! the {a} and the {b} seem laid in each other's place (each is read as the other): check them; saved so, your photos' tiles of the two are read swapped":
        "! le {a} et le {b} semblent posés chacun à la place de l'autre (chacun est lu comme l'autre) : vérifiez-les ; enregistrées ainsi, les tuiles de ces deux sortes seront lues échangées sur vos photos",
    "? the tile in the {place} place is read as {code}, as is the tile in the {code} place: if it is the {place}, all is well; if the {code} was laid there twice, put the {place} in its place (saved so, your photos' {code} tiles may be read as {place})":
        "? la tuile à la place du {place} est lue {code}, comme la tuile à la place du {code} : si c'est bien le {place}, tout va bien ; si le {code} a été posé deux fois, mettez le {place} à sa place (enregistrées ainsi, les tuiles {code} de vos photos pourraient être lues {place})",
    "the base model agrees with every tile": "le modèle de base est d'accord sur chaque tuile",
    "this replaces the profile {name}, which learnt no tile from corrections or recorded hands since its layout photo: it will not be kept; the earlier copy of this name, which learnt {n} tile(s), will stay kept, and {restore} (another --name keeps both)":
        "ceci remplace le profil {name}, qui n'a appris aucune tuile de corrections ou de mains enregistrées depuis sa photo de disposition : il ne sera pas conservé ; la copie antérieure de ce nom, qui a appris {n} tuile(s), restera conservée, et {restore} (un autre --name garde les deux)",
    "this replaces the profile {name}, which learnt {n} tile(s) from corrections and recorded hands since its layout photo: it is kept, and {restore} (another --name keeps both)":
        "ceci remplace le profil {name}, qui a appris {n} tuile(s) de corrections et de mains enregistrées depuis sa photo de disposition : il est conservé, et {restore} (un autre --name garde les deux)",
    "; the earlier copy of this name ({n} tile(s) learnt) will no longer be kept":
        " ; la copie antérieure de ce nom ({n} tuile(s) apprise(s)) ne sera plus conservée",
    "cannot ask for confirmation (standard input is not a terminal): check the table above, then run again with --yes to save":
        "impossible de demander confirmation (l'entrée standard n'est pas un terminal) : vérifiez le tableau ci-dessus, puis relancez avec --yes pour enregistrer",
    "replace profile {name}": "remplacer le profil {name}",
    "save profile {name}": "enregistrer le profil {name}",
    "Are the assigned codes right? {what} and make it active": "Les codes attribués sont-ils justes ? {what} et l'activer",
    "nothing saved": "rien n'a été enregistré",
    "cannot read or write the profiles: {why} (nothing was changed)": "impossible de lire ou d'écrire les profils : {why} (rien n'a été changé)",
    "only {mb} MB free where profiles are kept: a profile needs up to {need} MB; free some space first":
        "seulement {mb} Mo libres là où sont gardés les profils : un profil demande jusqu'à {need} Mo ; libérez de la place d'abord",
    "learning your tiles": "apprentissage de vos tuiles",
    "nothing learnt since the layout photo: relearning would change nothing":
        "rien d'appris depuis la photo de disposition : un nouvel apprentissage ne changerait rien",
    "interrupted: nothing saved (the profile is as it was)": "interrompu : rien n'a été enregistré (le profil est tel qu'il était)",
    "interrupted: nothing saved (the active profile is as it was)":
        "interrompu : rien n'a été enregistré (le profil actif est tel qu'il était)",
    "saved {path} ({codes} codes); it is now the active profile":
        "{path} enregistré ({codes} codes) ; c'est désormais le profil actif",
    "your tiles have dark faces with light ink: every photo read with this profile is read with its light and dark turned over, as the built-in reader reads such a set":
        "vos tuiles ont des faces sombres à l'encre claire : chaque photo lue avec ce profil est lue clair et sombre inversés, comme le lecteur intégré lit un tel jeu",
    "all but {n}, which it read surely where another kind lay": "toutes sauf {n}, qu'il a lues avec assurance là où se trouvait une autre sorte",
    "every one: the tiles it read otherwise above, it read unsurely": "toutes : les tuiles qu'il a lues autrement ci-dessus, il les a lues sans assurance",
    "every one": "toutes",
    "those it read right there and took no other tile for": "celles qu'il y a lues juste et pour lesquelles il n'a pris aucune autre tuile",
    "the built-in reader read your layout photo well, so it keeps the last word on {laid} of the {known} kinds of tile laid out ({which})":
        "le lecteur intégré a bien lu votre photo de disposition : il garde le dernier mot sur {laid} des {known} sortes de tuiles posées ({which})",
    "the built-in reader misread part of your layout photo, so it keeps the last word on {laid} of the {known} kinds of tile laid out ({which})":
        "le lecteur intégré a mal lu une partie de votre photo de disposition : il garde le dernier mot sur {laid} des {known} sortes de tuiles posées ({which})",
    ", and on the {n} the layout has no example of ({what})": ", et sur les {n} dont la disposition n'a pas d'exemple ({what})",
    ": where it reads a tile of those kinds with {sure} certainty or more, its reading stands; your profile reads the rest. Correcting such a reading ends that trust in its kind.":
        " : là où il lit une tuile de ces sortes avec une certitude de {sure} ou plus, sa lecture l'emporte ; votre profil lit le reste. Corriger une telle lecture met fin à cette confiance pour sa sorte.",
    ", about {s} s left": ", environ {s} s restantes",
    "error:": "erreur :",
    "warning:": "avertissement :",
    'name the tile set with --name, e.g. --name "club set"': 'nommez le jeu de tuiles avec --name, par exemple --name "jeu du club"',
    "[y/N]": "[o/N]",
    "This is not the game's next deal ({player} dealing, {wind} round): recorded so, the game goes on from the deal chosen under “More about this hand”, and the deals between are skipped.":
        "Ce n'est pas la prochaine donne de la partie ({player} croupier, tour {wind}) : enregistrée ainsi, la partie "
        "reprend à la donne choisie sous « Plus sur cette main », et les donnes entre les deux sont sautées.",
    "A profile from another machine": "Un profil d'une autre machine", "Profile file": "Fichier du profil",
    "Name of the set (leave empty to keep its own)": "Nom du jeu (vide : il garde le sien)",
    "Import and use it": "L'importer et l'utiliser",
    "Download a profile on the machine that learnt it, then import it here: the set is read as there, without calibrating again.":
        "Téléchargez un profil sur la machine qui l'a appris, puis importez-le ici : le jeu est lu comme là-bas, sans "
        "nouvelle calibration.",
    "a yakuman: {basic} basic points": "un yakuman : {basic} points de base",
    "dora: {tiles} (after the indicator {indicators}): none in the hand":
        "dora : {tiles} (après l'indicateur {indicators}) : aucune dans la main",
    "dora: {tiles} (after the indicator {indicators}): {n} in the hand":
        "dora : {tiles} (après l'indicateur {indicators}) : {n} dans la main",
    "dora: {tiles} (after the indicators {indicators}): none in the hand":
        "dora : {tiles} (après les indicateurs {indicators}) : aucune dans la main",
    "dora: {tiles} (after the indicators {indicators}): {n} in the hand":
        "dora : {tiles} (après les indicateurs {indicators}) : {n} dans la main",
    "dora: {tiles} (the tile after each indicator): none in the hand":
        "dora : {tiles} (la tuile qui suit chaque indicateur) : aucune dans la main",
    "dora: {tiles} (the tile after each indicator): {n} in the hand":
        "dora : {tiles} (la tuile qui suit chaque indicateur) : {n} dans la main",
    "{limit} for {han} han: {basic} basic points": "{limit} pour {han} han : {basic} points de base",
    "{limit} for {han} han (13 han or more are a sanbaiman: EMA 2016 counts no yakuman from han): {basic} basic points":
        "{limit} pour {han} han (13 han ou plus font un sanbaiman : l'EMA 2016 ne compte plus de yakuman par les han) : "
        "{basic} points de base",
    "Sources: 000 is « Mah Jong International », the MCR rules (n° marks a fan's number); 001 the FFMJ's MCR rules, with remarks and worked totals.":
        "Sources : 000 désigne « Mah Jong International », les règles MCR (n° précède le numéro d'une combinaison) ; 001 les règles MCR de la FFMJ, avec remarques et totaux commentés.",
    "Sources: 002 is the EMA riichi rules, 2016 edition, in their French translation (§ marks a section number).":
        "Sources : 002 désigne les règles EMA du riichi, édition 2016, dans leur traduction française (§ précède le numéro d'une section).",
    "Sources: 004 is « Mah-Jongg, le jeu cantonais », the Hong Kong old-style rules (1B, 2A... its faan entries).":
        "Sources : 004 désigne « Mah-Jongg, le jeu cantonais », les règles de Hong Kong à l'ancienne (1B, 2A… ses entrées de fan).",
    "Sources: 003 is « Règles du mahjong », the classical French rules (how the game runs, and exposed sets worth half of concealed ones; it gives no table of points: the values come from the books after it); [B] Babcock's Rules for Mah-Jongg (1923); [M] Millington, The Complete Book of Mah-Jongg (1977); [W] mahjong.wikidot.com, Chinese Classical Scoring; [S] Sloper's Chinese special hands; [L] mark.random-article.com (Special Limit Hands).":
        "Sources : 003 désigne « Règles du mahjong », les règles classiques françaises (la marche du jeu, et des "
        "combinaisons exposées qui valent moitié moins que cachées ; il ne donne pas de barème : les valeurs viennent "
        "des ouvrages qui suivent) ; [B] les règles de Babcock (1923) ; "
        "[M] Millington, The Complete Book of Mah-Jongg (1977) ; [W] mahjong.wikidot.com, Chinese Classical Scoring ; "
        "[S] les mains spéciales chinoises de Sloper ; [L] mark.random-article.com (Special Limit Hands).",
    "minipoints do not count from 5 han: the hand is paid by its han":
        "les minipoints ne comptent plus à partir de 5 han : la main est payée selon ses han",
    "seven pairs: 25 fu, not rounded up": "sept paires : 25 minipoints, non arrondis",
    "{fu} fu doubled {doublings} times (once for each han, {han} here, and twice more, as for every hand) = {raw}, capped at a mangan: {basic} basic points":
        "{fu} minipoints doublés {doublings} fois (une fois par han, {han} ici, et deux fois de plus, comme pour toute main) = {raw}, plafonné au mangan : {basic} points de base",
    "{fu} fu doubled {doublings} times (once for each han, {han} here, and twice more, as for every hand) = {basic} basic points":
        "{fu} minipoints doublés {doublings} fois (une fois par han, {han} ici, et deux fois de plus, comme pour toute main) = {basic} points de base",
    "on a discard, the discarder pays {times} × {basic} = {raw}, rounded up to the next 100: {paid}":
        "sur un écart, le donneur de l'écart paie {times} × {basic} = {raw}, arrondi à la centaine supérieure : {paid}",
    "on a discard, the discarder pays {times} × {basic} = {paid}":
        "sur un écart, le donneur de l'écart paie {times} × {basic} = {paid}",
    "on a discard, the dealer's win: the discarder pays {times} × {basic} = {raw}, rounded up to the next 100: {paid}":
        "sur un écart, victoire du croupier : le donneur de l'écart paie {times} × {basic} = {raw}, arrondi à la "
        "centaine supérieure : {paid}",
    "on a discard, the dealer's win: the discarder pays {times} × {basic} = {paid}":
        "sur un écart, victoire du croupier : le donneur de l'écart paie {times} × {basic} = {paid}",
    "self-drawn by the dealer, each player pays 2 × {basic}, rounded up to the next 100: {paid}":
        "sur pioche du croupier, chaque joueur paie 2 × {basic}, arrondi à la centaine supérieure : {paid}",
    "self-drawn, the dealer pays 2 × {basic} and each other player {basic}, rounded up to the next 100: {dealer_pays} and {other_pays}":
        "sur pioche, le croupier paie 2 × {basic} et chaque autre joueur {basic}, arrondis à la centaine supérieure : "
        "{dealer_pays} et {other_pays}",
    "a tile not named yet": "une tuile pas encore nommée",
    "Tiles read face down with no face-up tile beside them (▮ on the photo: a wall, or a concealed kong turned fully face down) are left out of the hand. A concealed kong: add its four tiles with “+ Tile”, then “Select” them and “Concealed kong”.":
        "Des tuiles ont été lues face cachée sans tuile face visible à côté (▮ sur la photo : un mur, ou un kong caché "
        "posé tout entier face cachée) : elles sont laissées hors de la main. Un kong caché : ajoutez ses quatre tuiles "
        "avec « + Tuile », puis « Choisir » et « Kong caché ».",
    "Tiles of the standing row were read face down (▮ on the photo): they are left out of the hand. Add each with “+ Tile”.":
        "Des tuiles de la rangée debout ont été lues face cachée (▮ sur la photo) : elles sont laissées hors de la main. "
        "Ajoutez chacune avec « + Tuile ».",
    "Score sheet": "Feuille de score",
    "the boxes of the tiles read, drawn on the photo (the hand below names them)":
        "les cadres des tuiles lues, tracés sur la photo (la main en dessous les nomme)",
    "No game was started: your entry is back in the form, to correct.":
        "Aucune partie n'a été commencée : votre saisie est revenue dans le formulaire, pour la corriger.",
    "Game file (JSON, exported by this app)": "Fichier de partie (JSON, exporté par cette application)",
    "Reload": "Recharger",
    "Resume the game": "Reprendre la partie",
    "Resume the game? Its end is undone and hands can be recorded again.":
        "Reprendre la partie ? Sa fin est annulée et des mains peuvent à nouveau être enregistrées.",
    "Win not recorded": "Gain non enregistré",
    "Nothing was recorded. What was sent, to copy:": "Rien n'a été enregistré. Ce qui a été envoyé, à recopier :",
    "Nothing was recorded: your entry is back in the form, to correct.":
        "Rien n'a été enregistré : votre saisie est revenue dans le formulaire, à corriger.",
    "Nothing was recorded: fill in the form again, corrected.":
        "Rien n'a été enregistré : remplissez à nouveau le formulaire, corrigé.",
    "Profile “{name}” restored; the one that had replaced it is kept in its place (restore again to swap them back).":
        "Profil « {name} » rétabli ; celui qui l'avait remplacé est gardé à sa place (rétablissez à nouveau pour les échanger).",
    "Download": "Télécharger",
    "Recorded as hand {n}: a change made here is not kept.":
        "Enregistrée comme main {n} : une modification faite ici n'est pas gardée.",
    "Correct hand {n} in the game": "Corriger la main {n} dans la partie",
    "Recorded: hand {n}": "Enregistrée : main {n}", "Record": "Enregistrer",
    "Record a false win: {player} pays {n} to each other player?":
        "Enregistrer un faux Mah-jong : {player} paie {n} à chacun des autres ?",
    "Slide the table sideways for each player's points →":
        "Faites glisser le tableau de côté pour voir les points de chaque joueur →",
    "{n} tiles are unsure (marked): check them, or type the hand instead.":
        "{n} tuiles sont incertaines (marquées) : vérifiez-les, ou écrivez plutôt la main.",
    "{n} tiles are unsure (marked): the photo may be blurred or poorly lit, or this tile set new to the reader. Check them, take the photo again, or type the hand instead.":
        "{n} tuiles sont incertaines (marquées) : la photo est peut-être floue ou mal éclairée, ou ce jeu de tuiles "
        "nouveau pour le lecteur. Vérifiez-les, reprenez la photo, ou écrivez plutôt la main.",
    "Teach it your tiles with one photo": "Apprenez-lui vos tuiles avec une photo",
    "it learns from each tile you correct or record.": "il apprend de chaque tuile que vous corrigez ou enregistrez.",
    "+ {n} in riichi sticks": "+ {n} en bâtonnets de riichi",
    "+ {n} in riichi sticks, their own among them": "+ {n} en bâtonnets de riichi, le sien compris", "+ own riichi stick back": "+ son bâtonnet de riichi rendu", "+ {n} in counters": "+ {n} en compteurs",
    "capped: {n} faan found": "plafonné : {n} fan trouvés",
    "{player} liable (bao)": "{player} responsable (bao)", "{player} liable (pao)": "{player} responsable (pao)",
    "Profile “{name}” already has that name: nothing was changed.":
        "Le profil « {name} » porte déjà ce nom : rien n'a été changé.",
    "Tap a box to correct its tile.": "Touchez un cadre pour corriger sa tuile.",
    "Record as false win": "Enregistrer un faux Mah-jong", "Record it as a false win": "L'enregistrer comme faux Mah-jong", "Record as chombo": "Enregistrer un chombo", "Record it as a chombo": "L'enregistrer comme chombo",
    "Record a chombo: {player}, the dealer, pays a mangan, 4,000 to each other player?":
        "Enregistrer un chombo : {player}, le donneur, paie un mangan, 4 000 à chacun des autres ?",
    "Record a chombo: {player} pays a mangan, 4,000 to the dealer ({dealer}) and 2,000 to each of the two others?":
        "Enregistrer un chombo : {player} paie un mangan, 4 000 au donneur ({dealer}) et 2 000 à chacun des deux autres ?",
    "Record a chombo: {player} loses 20,000 after the uma?": "Enregistrer un chombo : {player} perd 20 000 après l'uma ?",
    "Record a chombo: {player} pays a mangan (4,000 to East and 2,000 to the others, or the dealer 4,000 to each)?":
        "Enregistrer un chombo : {player} paie un mangan (4 000 à Est et 2 000 aux autres ; 4 000 à chacun s'il est croupier) ?",
    "{player}: {text}": "{player} : {text}", "Show what was read": "Montrer ce qui a été lu",
    "On the photo: M1, M2… the melds (dashed: claimed or turned), ★ the winning tile, ✿ flowers and seasons, D dora indicators, ▮ face down, ? a face no code names; the other boxes are the standing tiles.": "Sur la photo : M1, M2… les combinaisons exposées (en pointillé : prises ou tournées), ★ la tuile gagnante, ✿ fleurs et saisons, D indicateurs de dora, ▮ face cachée, ? une face qu'aucun code ne nomme ; les autres cadres sont les tuiles debout.",
    "What the reader noticed": "Ce que le lecteur a remarqué",
    "Tiles changed to make a winning hand": "Tuiles changées pour faire une main gagnante",
    "read": "lu", "taken as": "pris pour",
    "The tiles as read are not a winning hand; to make one, the reader changed:":
        "Les tuiles lues ne forment pas une main gagnante ; pour en faire une, le lecteur a changé :",
    "Check these tiles on the photo: if the reader was right, the hand is not a winning one.":
        "Vérifiez ces tuiles sur la photo : si le lecteur avait raison, la main n'est pas gagnante.",
    "the winning tile": "la tuile gagnante", "standing tile {n}": "tuile debout {n}",
    "meld {n}, tile {k}": "combinaison {n}, tuile {k}", "dora indicator {n}": "indicateur de dora {n}", "Close": "Fermer", "Choose the tile": "Choisissez la tuile",
    "Winning tile": "Tuile gagnante", "Remove": "Retirer", "Move to": "Déplacer vers", "Done": "Terminé",
    "A tile shows a face no tile code names (a joker, or a tile of another game), marked ? on the photo: it is left out. If it belongs to the hand, add its tile with “+ Tile”.":
        "Une tuile montre une face qu'aucun code ne nomme (un joker, ou une tuile d'un autre jeu), marquée ? sur la photo : elle est laissée de côté. Si elle fait partie de la main, ajoutez sa tuile avec « + Tuile ».",
    "Which tile won? ★ marks the rightmost; tap another, then ★, if it won.":
        "Quelle tuile a gagné ? ★ marque la plus à droite ; touchez-en une autre, puis ★, si c'est elle.",
    "Which tile won? ★ marks the tile set apart, which may not be the one that won; tap another, then ★, if it won.":
        "Quelle tuile a gagné ? ★ marque la tuile mise à part, qui n'est peut-être pas celle qui a gagné ; "
        "touchez-en une autre, puis ★, si c'est elle.",
    "★ marks the tile set apart as the winning tile; another may have won. Here any of them scores the same.":
        "★ marque la tuile mise à part comme tuile gagnante ; une autre a peut-être gagné. Ici, toutes comptent "
        "pareil.",
    "★ marks the tile set apart as the winning tile; another may have won.":
        "★ marque la tuile mise à part comme tuile gagnante ; une autre a peut-être gagné.",
    "Upside down? The photo could be read from the other side: set the winning tile apart and take it again.":
        "À l'envers ? La photo peut se lire de l'autre côté : écartez la tuile gagnante et reprenez la photo.",
    "The tiles are small in this photo (about {n} pixels across): some may be misread. Check each tile, or take the photo closer.":
        "Les tuiles sont petites sur cette photo (environ {n} pixels de large) : certaines peuvent être mal lues. Vérifiez chaque tuile, ou reprenez la photo de plus près.",
    # the result
    # the rules' title in brackets: « en Hong Kong à l'ancienne » read as a place
    "Not a winning hand under {rules}: {why}": "Pas une main gagnante ({rules}) : {why}",
    "Impossible win context under {rules}: {why}": "Contexte de victoire impossible ({rules}) : {why}",
    "in {part}": "dans {part}", "At character {n}": "Au caractère {n}", "character {n}": "caractère {n}", "field {f}": "champ {f}", "Why not…": "Pourquoi pas…",
    "the standing tiles": "les tuiles debout", "the melds": "les combinaisons", "meld {n}": "la combinaison {n}",
    "the flowers and seasons": "les fleurs et saisons",
    "counted within {name}": "déjà dans {name}", "not counted with {name}": "non compté avec {name}",
    "Assumed (not given):": "Supposé (non donné) :", "East until the winner is chosen": "Est tant que le gagnant n'est pas choisi",
    "no winner chosen yet: scored as East, the dealer": "gagnant pas encore choisi : compté Est, le croupier", "Given but not used by these rules:": "Donné mais sans effet dans ces règles :", "Settlement": "Règlement",
    "the table (riichi sticks)": "la table (bâtonnets de riichi)", "player {n}": "joueur {n}",
    "A name in a script this PDF cannot write is shown as player 1 to 4; the print view shows every name.":
        "Un nom dans une écriture que ce PDF ne sait pas écrire est remplacé par joueur 1 à 4 ; la vue à imprimer montre tous les noms.", "this form was already sent: nothing was recorded again": "ce formulaire était déjà envoyé : rien n’a été enregistré de plus", "counted by the game": "géré par la partie", "pays": "paie", "to": "à",
    "to the winner": "au gagnant", "No payments.": "Aucun paiement.", "Under the other rules": "Sous les autres règles",
    "Read as {form}:": "Lu comme {form} :", "four sets and a pair": "quatre combinaisons et une paire",
    # mjtable score --lang fr: the terminal's own words (mjtable/render.py)
    "impossible win context": "contexte de victoire impossible",
    "(on the command line: -o flower_method=A, B, C or D)": "(en ligne de commande : -o flower_method=A, B, C ou D)",
    "read as ({form})": "lu comme ({form})", "from {tiles}": "avec {tiles}", "fu": "fu", "TOTAL": "TOTAL",
    "not counted:": "non comptés :", "{fans}: not counted beside {name}": "{fans} : non compté(s) avec {name}",
    "excluded by {name}": "exclu par {name}",
    "seat wind not given: scored as East, the dealer (--seat-wind sets it)":
        "vent du joueur non donné : compté Est, le croupier (--seat-wind le donne)",
    "settlement:": "règlement :", "{payer} pays {amount}": "{payer} paie {amount}", "{payer} pays": "{payer} paie",
    "table": "la table", "not named": "non nommé",
    "assumed (not given): {keys}": "supposé (non donné) : {keys}",
    "given but not used by these rules: {keys}": "donné mais sans effet dans ces règles : {keys}",
    "fu breakdown": "détail des minipoints", "fu (minipoints)": "fu (minipoints)", "warnings": "avertissements",
    "mangan": "mangan", "haneman": "haneman", "baiman": "baiman", "sanbaiman": "sanbaiman",
    "kazoe yakuman": "kazoe yakuman", "double yakuman": "double yakuman",
    "not used: a yakuman is paid as a limit": "sans effet : un yakuman est payé comme une limite",
    "not used: a hand of 5 han or more is paid by its han": "sans effet : une main de 5 han ou plus est payée selon ses han",
    "{counted}, rounded up to the next 10": "{counted}, arrondi à la dizaine supérieure",
    "payment (002 §4.1.2):": "paiement (002 §4.1.2) :",
    "hand value: {value} (before counters and riichi sticks)": "valeur de la main : {value} (avant compteurs et bâtonnets de riichi)",
    "instead, pao (002 §3.3.9): the player liable for {yaku} ({liable}) pays the whole hand, {value}, and the others nothing":
        "à la place, responsabilité (pao, 002 §3.3.9) : le joueur responsable de {yaku} ({liable}) paie toute la "
        "main, {value}, et les autres rien",
    "instead, pao (002 §3.3.9): the discarder and the player liable for {yaku} ({liable}) pay half each: {rest} and {half}":
        "à la place, responsabilité (pao, 002 §3.3.9) : le donneur de l'écart et le joueur responsable de {yaku} "
        "({liable}) paient chacun la moitié : {rest} et {half}",
    "{gain} net: {points} received, less the 1000 the winner put down for riichi":
        "{gain} net : {points} reçus, moins les 1 000 que le gagnant a posés pour son riichi",
    "a yakuman, paid as a limit: no other yaku or dora is added to it, nor a second yakuman":
        "un yakuman, payé comme une limite : aucun autre yaku ni dora ne s'y ajoute, ni un second yakuman",
    "counted as {n} (the cap)": "compté {n} (le plafond)", "the reward table": "le barème des gains",
    "an odd faan above 4 pays as {n} faan: option odd_faan=half pays half-way":
        "un fan impair au-delà de 4 paie comme {n} fan : l'option odd_faan=half paie à mi-chemin",
    "reward: {points} for {n} faan ({table})": "gain : {points} pour {n} fan ({table})",
    "received: {points} in all": "reçu : {points} en tout",
    "score: {hand} is a limit hand: it scores the limit, {limit}": "score : {hand} est une main limite : elle vaut la limite, {limit}",
    "score: {base} base points doubled {n} time(s) = {raw}": "score : {base} points de base doublés {n} fois = {raw}",
    "limit {limit}": "limite {limit}", "{n} point(s)": "{n} point(s)",
    "{n} tile(s)": "{n} tuile(s)", "tile-set profile: {name}": "profil du jeu de tuiles : {name}",
    "hand: {notation}  (layout confidence {confidence})": "main : {notation}  (confiance de la disposition {confidence})",
    "hand: not rebuilt": "main : non reconstituée", "changed tile #{tile}: {read} → {chosen} ({why})":
        "tuile n°{tile} changée : {read} → {chosen} ({why})", "warning": "avertissement", "timings (ms):": "durées (ms) :", "counted": "compté", "What the hand counts:": "Ce que la main compte :", "Settled in money": "Réglé en argent", "made": "fait le", "{player}: {amount}": "{player} : {amount}",
    "unsure tiles, to check against the photo: {tiles}": "tuiles incertaines, à vérifier sur la photo : {tiles}",
    "[corrected: read {code}]": "[corrigée : lue {code}]",
    "or read it again with --correct N=CODE for each misread tile (tile #N is CODE): the hand is rebuilt with them, and your tile-set profile learns them":
        "ou relisez-la avec --correct N=CODE pour chaque tuile mal lue (la tuile n°N est CODE) : la main est reconstruite "
        "avec elles, et votre profil de jeu de tuiles les apprend",
    "to correct a tile, type the hand: mjtable score \"NOTATION\" with the same options": "pour corriger une tuile, tapez la main : mjtable score \"NOTATION\" avec les mêmes options",
    "to correct a tile, type the hand: mjtable score \"NOTATION\" with the same options, or edit the hand of --json and pipe it to mjtable score -":
        "pour corriger une tuile, tapez la main : mjtable score \"NOTATION\" avec les mêmes options, ou modifiez la main de --json et passez-la à mjtable score -",
 "under the {n}-point minimum: no win": "sous le minimum de {n} points : pas de victoire",
    "seven pairs": "sept paires", "seven shifted pairs": "sept paires décalées",
    "thirteen orphans": "treize orphelins", "honours and knitted tiles": "honneurs et tuiles cousues",
    "knitted straight": "suite cousue", "Minipoints (fu)": "Minipoints (fu)",
    "20 for winning, and 10 more for a concealed hand won on a discard":
        "20 pour la victoire, et 10 de plus pour une main cachée gagnée sur un écart",
    "Total {counted}, rounded up to the next 10": "Total {counted}, arrondi à la dizaine supérieure",
    "not a winning hand": "pas une main gagnante",
    "Dealer": "Croupier", "{n} point(s) without flowers": "{n} point(s) sans les fleurs",
    "minimum {n} points: met": "minimum {n} points : atteint",
    "minimum {n} points: not met": "minimum {n} points : non atteint",
    "{n} flower(s)": "{n} fleur(s)", "limit hand": "main limite", "limit reached": "limite atteinte",
    "limit hand: {limit}": "main limite : {limit}", "yakuman": "yakuman",
    "{counted} fu rounded up to {fu}": "{counted} minipoints arrondis à {fu}",
    "reward: {n} point(s) for {faan} faan": "gain : {n} point(s) pour {faan} fan",
    "reward: {n} point(s)": "gain : {n} point(s)",
    "{han} han · {fu} fu": "{han} han · {fu} minipoints",
    "no faan pattern in this hand: a win of 0 faan is paid the base the table agreed (option base_points); many tables ask a minimum of faan to win (option min_faan)":
        "aucune combinaison à fan dans cette main : une victoire à 0 fan est payée la base convenue à la table (option "
        "base_points) ; beaucoup de tables demandent un minimum de fan pour gagner (option min_faan)",
    "no faan pattern in this hand: a win of 0 faan is paid the base the table agreed (the house rule “base points”); many tables ask a minimum of faan to win (the house rule “minimum faan to win”)":
        "aucune combinaison à fan dans cette main : une victoire à 0 fan est payée la base convenue à la table (la règle maison « points de base ») ; beaucoup de tables demandent un minimum de fan pour gagner (la règle maison « fan minimum pour gagner »)",
    "{base} base points doubled {doubles} time(s) = {raw}": "{base} points de base doublés {doubles} fois = {raw}",
    "a limit hand: scores the limit, {limit}": "une main limite : elle marque la limite, {limit}",
    "an odd faan above 4 pays as the faan below it": "un fan impair au-delà de 4 paie comme le nombre pair du dessous (5 fan comme 4)",
    "capped at the limit of {limit}": "plafonné à la limite de {limit}",
    "seat wind not given: scored as East, the dealer": "vent du joueur non donné : compté Est, le croupier",
    "yes": "oui", "no": "non", "standings after each hand": "classement après chaque main",
    "server webcam preview": "aperçu de la webcam du serveur",
    "No tiles yet: add them with “+ Tile”, or type the hand.":
        "Pas encore de tuile : ajoutez-les avec « + Tuile », ou écrivez la main.",
    "Cannot be recorded as a win:": "Ne peut pas être enregistrée comme victoire :",
    "Choose who won, and on whose discard.": "Choisissez qui a gagné, et sur l'écart de qui.",
    "Choose who won, and on whose discard: as scored for East on a discard, {reason}.":
        "Choisissez qui a gagné, et sur l'écart de qui : comptée pour Est sur un écart, {reason}.",
    "Choose on whose discard: as scored for now (self-drawn), {reason}.":
        "Choisissez sur l'écart de qui : comptée pour l'instant sur pioche, {reason}.",
    "provisional: the winner and the discarder are not chosen yet": "provisoire : le gagnant et le donneur de l'écart ne sont pas encore choisis",
    "provisional": "provisoire",
    "Record it so?": "L'enregistrer ainsi ?",
    "Clear the whole hand?": "Vider toute la main ?", "Undo the last change?": "Annuler la dernière modification ?",
    "Delete this meld?": "Supprimer cette combinaison ?", "Add a tile": "Ajouter une tuile",
    "Add to": "Ajouter à", "{n} tile(s) in the hand": "{n} tuile(s) dans la main",
    "Correct {code}": "Corriger cette tuile : {code}", "the base model read {code}": "le modèle de base a lu {code}", "the reader's best guesses": "les meilleures propositions du lecteur",
    "Standing tiles": "Tuiles debout", "Flowers and seasons": "Fleurs et saisons", "Meld {n}: {name}": "Combinaison {n} : {name}",
    "a new meld": "une nouvelle combinaison", "exposed": "exposée", "concealed": "cachée",
    "added to a claimed pung": "ajoutée à un pung réclamé",
    "claimed from…": "prise de…", "left": "gauche", "across": "en face", "right": "droite",
    "↩ to standing": "↩ vers la main", "Delete": "Supprimer", "{n} selected": "{n} choisie(s)",
    "pung": "pung", "chow": "chow", "kong": "kong", "empty": "vide", "not a meld": "pas une combinaison", "winning tile": "tuile gagnante", "unsure: check it": "lecture incertaine : à vérifier",
    "A meld is 3 or 4 tiles: a chow, a pung or a kong.": "Une combinaison fait 3 ou 4 tuiles : chow, pung ou kong.",
    "A concealed kong is 4 identical tiles.": "Un kong caché est fait de 4 tuiles identiques.",
    "a chow is claimed from the player on the left only": "un chow ne se prend qu'au joueur de gauche",
    "the photo seems blurred (the tiles' edges are soft): hold the phone still, in good light, and take it again":
        "la photo semble floue (les contours des tuiles ne sont pas nets) : tenez le téléphone immobile, en bonne lumière, et reprenez-la",
    "the server could not be reached": "le serveur est injoignable",
    # winds and seats
    "East": "Est", "South": "Sud", "West": "Ouest", "North": "Nord",
    # context keys and options
    "self drawn": "pioche (tsumo)", "seat wind": "vent du joueur", "round wind": "vent du tour",
    # the last tile's box scores the wall's last tile drawn or the discard after it (000 n°40 and
    # n°41, 002 haitei and houtei): "du mur" alone misnamed a discard win; 000's names for the others
    "last tile": "dernière tuile", "last tile of the wall, or its discard": "dernière tuile du mur, ou son écart",
    "last of its kind": "dernière tuile de sa sorte",
    "kong replacement": "tuile de remplacement du kong",
    "the wall's last tile": "dernière tuile du mur", "the discard of the wall's last tile": "écart de la dernière tuile du mur",
    "robbing kong": "voler un kong", "last of kind": "dernière tuile de sa sorte", "discarder": "donneur de l'écart",
    # payers named by their role when the seats are not given (scorer.result.Payment)
    "other": "autre joueur", "dealer": "croupier", "non-dealer": "non-croupier",
    "riichi": "riichi", "double riichi": "double riichi", "ippatsu": "ippatsu", "tenhou": "tenhou",
    "chiihou": "chiihou", "renhou": "renhou", "dora indicators": "indicateurs de dora",
    "ura dora indicators": "indicateurs d'ura-dora", "honba": "honba (compteurs)",
    "riichi sticks": "bâtonnets de riichi", "red fives": "cinq rouges", "red fives count as dora in this hand": "les cinq rouges comptent comme dora dans cette main",
    "red fives count as dora in every hand": "les cinq rouges comptent comme dora dans chaque main", "liable player": "joueur responsable",
    "double kong": "double kong", "bao exempt": "exempt de bao",
    "heavenly hand (8E Tin Woo)": "main céleste (8E Tin Woo)",
    "earthly hand (8F Dei Woo: on the dealer's first discard)":
        "main terrestre (8F Dei Woo : sur la première défausse du croupier)",
    "Double Gong (3D: a second kong's replacement tile)": "Double Gong (3D : la tuile de remplacement d'un second kong)",
    "blessing of heaven (tenhou)": "bénédiction du Ciel (tenhou)", "blessing of earth (chiihou)":
        "bénédiction de la Terre (chiihou)", "blessing of man (renhou)": "bénédiction de l'Homme (renhou)",
    "heavenly hand": "main céleste", "earthly hand, self-drawn": "main terrestre, sur pioche",
    "earthly hand, on a discard": "main terrestre, sur un écart",
    # the game pages (games.html, game.html, the score sheet, the hand page)
    "Game": "Partie", "Players": "Joueurs", "Hands": "Mains", "Created": "Créée", "No game yet.": "Aucune partie pour l'instant.",
    "New game": "Nouvelle partie", "Name": "Nom", "Friday game": "Partie du vendredi", "{rules} options": "Options {rules}",
    "No end: play until the table stops (no last round)": "Sans fin : jouer jusqu'à ce que la table s'arrête (pas de dernier tour)",
    "Tournament: a chombo costs 20,000 after uma instead of a mangan payment":
        "Tournoi : un chombo coûte 20 000 après l'uma au lieu d'un paiement de mangan",
    "— (scored as East)": "— (compté comme Est)",
    "Starting points": "Points de départ", "Uma, 1st to 4th place": "Uma, de la 1re à la 4e place",
    "the rules": "les règles",
    "The rules start each player at {points} and give this uma by place (002 §3.6); clubs often start at 25,000: the result is the points less the start, plus the uma.":
        "Les règles donnent {points} points à chaque joueur au départ et cet uma selon la place (002 §3.6) ; "
        "les clubs partent souvent de 25 000 : le résultat est les points moins ceux du départ, plus l'uma.",
    "Players, in seat order around the table (East, the first dealer, first)":
        "Joueurs, dans l'ordre des places autour de la table (Est, qui distribue le premier, d'abord)",
    "Start the game": "Commencer la partie", "Import a game": "Importer une partie", "Import JSON": "Importer le JSON",
    "tournament": "tournoi", "{n} hand(s)": "{n} main(s)",
    "and {n} false win(s), numbered among them below": "et {n} faux Mah-jong, numérotés à leur suite ci-dessous",
    "and {n} chombo(s), numbered among them below": "et {n} chombo(s), numérotés à leur suite ci-dessous", "The game is over.": "La partie est terminée.",
    "deal chosen by hand": "donne choisie à la main",
    "{tiles} taken from the photo (tiles apart from the hand): clear them if they are not dora indicators":
        "{tiles} pris de la photo (tuiles à l'écart de la main) : effacez-les si ce ne sont pas des indicateurs de dora",
    "Follow the game's order of deals (the dealer and round chosen by hand for this hand are dropped)":
        "Suivre l'ordre des donnes de la partie (le croupier et le tour choisis à la main pour cette main sont abandonnés)",
    "Next hand:": "Main suivante :", "{wind} round": "tour {wind}", "{player} deals": "croupier : {player}",
    "counters (honba):": "compteurs (honba) :", "riichi sticks on the table:": "bâtonnets de riichi sur la table :",
    "recorded before the game flow: dealers as entered": "enregistrée avant le déroulé de partie : croupiers tels que saisis",
    "Player": "Joueur", "Seat at start": "Vent au départ", "Seat now": "Vent actuel", "Points": "Points",
    "Total": "Total", "Final result": "Résultat final", "Signatures": "Signatures", "Rank": "Rang", "Uma": "Uma", "Chombo": "Chombo",
    "+{n} sticks": "+{n} bâtonnets", "Record a hand from a photo": "Enregistrer une main depuis une photo",
    "Deal": "Donne", "Result": "Résultat", "Pts": "Pts", "{n} counter(s)": "{n} compteur(s)",
    "Pattern": "Figure", "Tiles": "Tuiles", "Value": "Valeur",
    "{n} stick(s) on the table": "{n} bâtonnet(s) sur la table", "{player} wins": "{player} gagne",
    "{players} win": "{players} gagnent", "{a} and {b}": "{a} et {b}", "by self-draw": "sur pioche",
    "on {player}'s discard": "sur l'écart de {player}", "robbing {player}'s kong": "en volant le kong de {player}", "self-drawn": "pioche", "draw": "main nulle",
    "tenpai:": "tenpai :", "nobody": "personne", "chombo by {player}": "chombo de {player}",
    "false win by {player}": "faux Mah-jong de {player}", "riichi:": "riichi :",
    "after the end of the game": "après la fin de la partie", "Edit": "Modifier",
    "Change hand {n}? Every later hand is recomputed.": "Modifier la main {n} ? Toutes les mains suivantes sont recalculées.",
    "Discarder": "Donneur de l'écart", "Winner": "Gagnant", "Dora indicators": "Indicateurs de dora", "Ura dora": "Ura-dora",
    "Offender": "Fautif", "pays each": "paie à chacun", "Declared riichi": "Riichi déclaré", "Tenpai": "Tenpai",
    "Note": "Note", "Save hand {n}": "Enregistrer la main {n}",
    "Delete hand {n}? Every later hand is recomputed.": "Supprimer la main {n} ? Toutes les mains suivantes sont recalculées.",
    "Delete hand {n}": "Supprimer la main {n}", "Undo hand {n}": "Annuler la main {n}",
    # « Annuler la main 7 ? » in a dialog whose own buttons say OK and « Annuler » read both ways
    "Undo hand {n}? It is removed from the game.": "Retirer la dernière main ({n}) ? Elle est retirée de la partie.",
    "History of changes ({n})": "Historique des modifications ({n})", "hand {n}": "main {n}", "now hand {n}": "désormais main {n}", "No game was imported.": "Aucune partie n'a été importée.", "the others' hands: {hands}": "mains des autres : {hands}", "the others' hands": "mains des autres", "a game deleted since": "une partie supprimée depuis", "Hand {n}": "Main {n}",
    "winner {n}": "gagnant {n}",
    "changed": "modifiée", "deleted": "supprimée", "undone": "annulée", "was": "c'était", "win": "victoire", "was a win": "c'était une victoire", "was a draw": "c'était une main nulle", "was a chombo": "c'était un chombo", "was a false win": "c'était un faux Mah-jong", "was the end of the game": "c'était la fin de la partie",
    "penalty": "pénalité", "No hand recorded yet.": "Aucune main enregistrée pour l'instant.",
    "Win (one or several winners)": "Victoire (un ou plusieurs gagnants)", "Win by notation": "Victoire par notation",
    "A riichi whose own turned discard is the winning tile did not stand: leave that player unticked (002 §3.3.14).":
        "Un riichi dont l'écart tourné est la tuile gagnante est invalide : ne cochez pas ce joueur (002 §3.3.14).",
    "Declared riichi in this hand (each puts 1,000 on the table)":
        "Riichi déclaré dans cette main (chacun pose 1 000 sur la table)",
    "Record the win": "Enregistrer la victoire", "No winner?": "Pas de gagnant ?",
    "Record hand {n} as a draw (nobody won)?": "Enregistrer la main {n} comme nulle (personne n'a gagné) ?",
    "Tenpai at the draw (noten players pay 3,000 in all)": "Tenpai à la fin (les joueurs noten paient 3 000 en tout)",
    "Declared riichi in this hand": "Riichi déclaré dans cette main", "Record a draw": "Enregistrer une main nulle",
    "Record a chombo by {offender}?": "Enregistrer un chombo commis par {offender} ?",
    "Record a false win by {offender}: {amount} to each other player?":
        "Enregistrer le faux Mah-jong déclaré par {offender} : {amount} à chacun des autres joueurs ?",
    "by the rules:": "selon les règles :",
    "Chombo by": "Chombo de", "False win by": "Faux Mah-jong de",
    "−20,000 after uma (tournament)": "−20 000 après l'uma (tournoi)", "Chombo by {player}.": "Chombo de {player}.",
    "pays a mangan: 4,000 to East and 2,000 to the others, or the dealer 4,000 to each":
        "paie un mangan : 4 000 au croupier (Est) et 2 000 aux autres, ou le croupier 4 000 à chacun",
    "riichi sticks of the hand are returned, the dealer stays": "les bâtonnets de riichi de la main sont rendus, le croupier reste",
    "Record the chombo": "Enregistrer le chombo", "Record the penalty": "Enregistrer la pénalité",
    "Export": "Exporter", "Score sheet (print)": "Feuille de marque (imprimer)",
    # « et ses 1 main ? »: one hand, and none, said as French says them
    "Delete the game “{name}” (#{id}) and its hand?": "Supprimer la partie « {name} » (n° {id}) et sa main ?",
    "Delete the game “{name}” (#{id}), which has no hand yet?": "Supprimer la partie « {name} » (n° {id}), qui n'a encore aucune main ?",
    "Delete the game “{name}” (#{id}) and its {n} hand(s)?": "Supprimer la partie « {name} » (n° {id}) et ses {n} main(s) ?",
    "Delete the game “{name}” (#{id}), its {n} hand(s) {fouls}?": "Supprimer la partie « {name} » (n° {id}), ses {n} main(s) {fouls} ?",
    "and {n} chombo(s)": "et {n} chombo(s)", "and {n} false win(s)": "et {n} faux Mah-jong", "Delete game": "Supprimer la partie",
    "this photo's hand is already recorded": "la main de cette photo est déjà enregistrée",
    "hand {n} recorded": "main {n} enregistrée", "hand {n}: draw recorded": "main {n} : nulle enregistrée",
    NOTEN_RIICHI_FLASH:
        "{name} a annoncé riichi sans être tenpai : c'est un chombo, sauf si la main a été déclarée morte après "
        "l'annonce (la nulle reste alors telle qu'enregistrée) ; sinon annulez la nulle et enregistrez le chombo",
    RIICHI_DISCARD_FLASH:
        "{name} a écarté la tuile gagnante et sa case riichi est cochée : sa mise va au gagnant. "
        "Seulement si cette tuile était l'écart tourné de l'annonce, le riichi est invalide et la mise revient "
        "à {name} : modifiez alors la main et décochez {name}",
    "hand {n}: false win recorded": "main {n} : faux Mah-jong enregistré",
    "hand {n}: chombo recorded": "main {n} : chombo enregistré",
    "hand {n} changed": "main {n} modifiée", "hand {n} deleted": "main {n} supprimée",
    "the players ended the game here": "les joueurs ont arrêté la partie ici",
    "The players ended the game here.": "Les joueurs ont arrêté la partie ici.",
    "Stop here?": "Arrêter ici ?", "End the game here": "Arrêter la partie ici",
    "End the game after hand {n}? The final result is taken from the points now; undo it to go on.":
        "Arrêter la partie après la main {n} ? Le résultat final est pris sur les points actuels ; annulez pour continuer.",
    "The evening ends before the last round: the final table and ranking are taken from the points now.":
        "La soirée s'arrête avant le dernier tour : le tableau final et le classement sont pris sur les points actuels.",
    "the game ends after hand {n}": "la partie s'arrête après la main {n}",
    "hand {n} changed; the hands after it were recomputed": "main {n} modifiée ; les mains suivantes ont été recalculées",
    "hand {n} deleted; the hands after it were recomputed": "main {n} supprimée ; les mains suivantes ont été recalculées",
    "Restore this hand": "Rétablir cette main",
    "Restore the end of the game": "Rétablir la fin de la partie",
    "Restore the end of the game? The game ends there again.": "Rétablir la fin de la partie ? La partie s'y termine de nouveau.",
    "kept in the game's history: “Restore the end of the game” under “History of changes” on the game's page (mjtable serve) ends it there again":
        "gardée dans l'historique de la partie : « Rétablir la fin de la partie » sous « Historique des modifications » sur la page de la partie (mjtable serve) la termine de nouveau là",
    "Restore this hand? It goes back where it was and every later hand is recomputed.":
        "Rétablir cette main ? Elle reprend sa place et chaque main suivante est recalculée.",
    "hand {n} restored; the hands after it were recomputed": "main {n} rétablie ; les mains suivantes ont été recalculées",
    "The game is over: its final table changes with it.": "La partie est terminée : son tableau final change avec elle.",
    "the game's final table has changed: export its score sheet again":
        "le tableau final de la partie a changé : exportez à nouveau sa feuille de marque",
    "hand {n} restored": "main {n} rétablie",
    "restored": "rétablie",
    "hand {n} removed": "main {n} retirée", "the end of the game is undone: the game goes on": "la fin de la partie est annulée : la partie continue",
    "The game changed on another device since this page was drawn.":
        "La partie a changé sur un autre appareil depuis l'affichage de cette page.",
    "Show it as it is now": "La montrer telle qu'elle est maintenant",
    "no hand to undo": "aucune main à annuler",
    "game imported": "partie importée", "game deleted": "partie supprimée",
    "count Moon Ching (1G: concealed hand)": "compter Moon Ching (1G : main cachée)",
    "count Dok Ting (1H: one chance)": "compter Dok Ting (1H : une seule chance)",
    "an odd faan above 4 pays": "un fan impair au-delà de 4 paie", "as the level below": "comme le niveau du dessous",
    "half-way to the next": "à mi-chemin du suivant",
    "way (4): the kong's discarder pays three times": "façon (4) : l'écarteur du kong paie trois fois",
    "names saved": "noms enregistrés", "names corrected": "noms corrigés", "house rules changed": "règles maison changées",
    "House rules": "Règles maison", "Save the house rules": "Enregistrer les règles maison",
    "Every hand is scored again under them.": "Chaque main est comptée à nouveau avec elles.",
    "house rules saved; every hand was scored again": "règles maison enregistrées ; chaque main a été comptée à nouveau",
    "the house rules are as they were: nothing was changed": "les règles maison sont restées les mêmes : rien n'a changé",
    "Change the house rules? Every hand is scored again under them.":
        "Changer les règles maison ? Chaque main est comptée à nouveau avec elles.", "now a win": "désormais une victoire",
    "now a draw": "désormais une main nulle", "now a chombo": "désormais un chombo", "now a false win": "désormais un faux Mah-jong",
    "now the end of the game": "désormais la fin de la partie", "now": "désormais",
    "In full classical play the other three also settle among themselves, each paying each other the difference of their own hands' points: a game's win form takes their hands' points (The others' hands); a hand recorded without them pays the winner alone.":
        "Dans le jeu classique complet, les trois autres règlent aussi entre eux, chacun payant à chaque autre la "
        "différence des points de leurs mains : le formulaire de victoire d'une partie prend les points de leurs mains "
        "(Les mains des autres) ; une main enregistrée sans eux ne paie que le gagnant.",
    "— who won? —": "— qui a gagné ? —", "— who? —": "— qui ? —", "false win": "faux Mah-jong", "chombo": "chombo", "finished": "terminée",
    "Keep the same seats all game (by default the players change seats at each new round)":
        "Garder les mêmes places toute la partie (par défaut les joueurs changent de place à chaque nouveau tour)",
    "New round: the players change seats before this hand (see the Seat now column).":
        "Nouveau tour : les joueurs changent de place avant cette main (voir la colonne Vent actuel).", "Correct the names": "Corriger les noms", "Save the names": "Enregistrer les noms",
    "A substitute takes a seat": "Un remplaçant prend un siège", "Player who leaves": "Joueur qui part",
    "The others' hands: the losers settle among themselves": "Les mains des autres : les perdants règlent entre eux",
    "Each loser's hand's points, as that player counts them: each pays each other loser the difference, East paying and receiving double. Leave the winner's empty, or every one to settle the winner alone.":
        "Les points de la main de chaque perdant, comptés par lui : chacun paie à chaque autre perdant la différence, "
        "Est payant et recevant double. Laissez vide la case du gagnant, ou toutes pour ne régler que le gagnant.",
    "Substitute": "Remplaçant", "First hand played": "Première main jouée", "Seat the substitute": "Installer le remplaçant",
    "The seat keeps its points and its turns to deal. Each person is given the points of the hands they played; whoever finishes the game also takes the uma and the points of the start.":
        "Le siège garde ses points et ses tours de croupier. Chacun reçoit les points des mains qu'il a jouées ; celui qui termine la partie prend aussi l'uma et les points du départ.",
    "in place of {player}": "à la place de {player}",
    "Seat the substitute? The hands from the first hand given on are theirs.":
        "Installer le remplaçant ? Les mains à partir de la première main donnée sont les siennes.",
    "The seat keeps its points and its turns to deal. Each person is given the points of the hands they played; whoever finishes the game also takes its place.":
        "Le siège garde ses points et ses tours de croupier. Chacun reçoit les points des mains qu'il a jouées ; celui qui termine la partie prend aussi son rang.",
    "Where a substitute took a seat, each person has the points of the hands they played; whoever finished the game also has its place (its total is not the final table’s score).":
        "Là où un remplaçant a pris un siège, chacun a les points des mains qu'il a jouées ; celui qui a terminé la partie a aussi son rang (son total n'est pas le score de la table finale).", "{name} in place of {player}": "{name} à la place de {player}",
    "Where a substitute took a seat, each person has the points of the hands they played; whoever finished the game also has its place, its uma and the points of the start (its total is not the final table’s score).":
        "Là où un remplaçant a pris un siège, chacun a les points des mains qu'il a jouées ; celui qui a terminé la partie a aussi son rang, son uma et les points du départ (son total n'est pas le score de la table finale).",
    "Games left to a substitute:": "Parties laissées à un remplaçant :",
    "{name} takes the seat of {replaced} from hand {n}": "{name} prend le siège de {replaced} à partir de la main {n}",
    "{name}, hand(s) {hands}: {points}": "{name}, main(s) {hands} : {points}",
    "(finished the game: with its uma and the points of the start)": "(a terminé la partie : avec son uma et les points du départ)",
    "(finished the game)": "(a terminé la partie)",
    "In a tournament, 002 §5.9 enters a substitute who sat down after the game began at −15,000 points and −15,000 uma, the other three taking 15,000, 5,000 and −5,000 uma by their places: this table keeps the points as played; enter the tournament’s results by §5.9.":
        "En tournoi, le 002 §5.9 inscrit un remplaçant arrivé après le début de la partie à −15 000 points et −15 000 d'uma, les trois autres prenant 15 000, 5 000 et −5 000 d'uma selon leur rang : cette table garde les points tels que joués ; inscrivez les résultats du tournoi selon le §5.9.",
    "Seat of {player} at the start: {shares}": "Siège de {player} au départ : {shares}", "; ": " ; ",
    "Each player keeps the seat and the hands recorded.": "Chaque joueur garde sa place et ses mains enregistrées.",
    "score sheet": "feuille de marque", "Back to the game": "Retour à la partie",
    "print this page from the browser (A4 landscape)": "imprimez cette page depuis le navigateur (A4 paysage)",
    "players in seat order at the start:": "joueurs dans l'ordre des places au départ :", "starting points": "points de départ",
    "in play: next hand": "en cours : main suivante", "{n} riichi stick(s) on the table": "{n} bâtonnet(s) de riichi sur la table",
    "Players: {players}   Created {date}": "Joueurs : {players}   Créée le {date}",
    "Penalty": "Pénalité",
    "Riichi": "Riichi", "Sticks": "Bâtonnets", "of which sticks": "dont bâtonnets", "points": "points", "faan": "fan", "doubles": "doubles", "double": "double", "point": "point", "han": "han", "total": "total", "change": "variation", "after the end": "après la fin",
    "{net} net: {points} received, less the 1,000 the winner put down for riichi":
        "{net} net : {points} reçus, moins les 1 000 que le gagnant a posés pour son riichi",
    "({amount} after the uma)": "({amount} après l'uma)",
    "points received": "points reçus",
    "the winner receives {n} in all": "le gagnant reçoit {n} en tout",      # a riichi total (scorer.riichi: total_unit)
    "draw (tenpai: {players})": "main nulle (tenpai : {players})",
    "Draw.": "Main nulle.", "False win by {player}.": "Faux Mah-jong de {player}.", "photo of the hand": "photo de la main",
    "{player} also wins": "{player} gagne aussi", "What the hand moved": "Mouvements de points",
    "the table": "la table", "nothing": "rien", "Riichi declared by": "Riichi déclaré par", "Tenpai:": "Tenpai :",
    "Corrections ({n})": "Corrections ({n})", "Context": "Contexte",
    # the calibration page
    "Teach mjtable your tile set": "Apprenez à mjtable à lire vos tuiles",
    "How to lay out your tiles": "Comment disposer vos tuiles",
    "An example: one tile of each kind in five rows, on a plain cloth, photographed from above":
        "Un exemple : une tuile de chaque sorte en cinq rangées, sur un tapis uni, photographiée d'en haut",
    "Lay out one tile of each kind in rows, take one photo from above, and upload it:":
        "Disposez une tuile de chaque sorte en rangées, prenez une photo d'en haut, et envoyez-la :",
    "characters 1m … 9m": "caractères 1m … 9m", "dots 1p … 9p": "ronds 1p … 9p", "bamboo 1s … 9s": "bambous 1s … 9s",
    "East South West North, white, green, red dragon": "Est Sud Ouest Nord, dragon blanc, vert, rouge",
    "only if your set has them: flowers 1–4 then seasons 1–4":
        "seulement si votre jeu en a : fleurs 1–4 puis saisons 1–4",
    "Rows left to right, top to bottom as the camera sees them; tiles side by side, rows a little apart.":
        "Rangées de gauche à droite, de haut en bas comme les voit l'appareil ; tuiles côte à côte, rangées un peu espacées.",
    "Light the table evenly, keep every tile face up and in the picture, and hold the phone flat above the middle of the rows.":
        "Éclairez la table uniformément, gardez chaque tuile face visible et dans l'image, et tenez le téléphone à plat au-dessus du milieu des rangées.",
    "Name of the set": "Nom du jeu", "club set": "jeu du club", "Layout photo": "Photo de disposition",
    "Read the photo": "Lire la photo",
    "Reading the photo also teaches the reader your set (it trains on your tiles): expect about a minute on a small computer, several when it is busy with other work. This happens once per set.":
        "Lire la photo apprend aussi votre jeu au lecteur (il s'entraîne sur vos tuiles) : comptez environ une minute sur un petit ordinateur, plusieurs quand il est occupé à autre chose. Une seule fois par jeu.",
    "Check that each lies in its place in the layout: if it does, save, and the profile learns it as laid; if not, lay it right and take the photo again.":
        "Vérifiez que chacune est à sa place dans la disposition : si oui, enregistrez, et le profil l'apprend telle "
        "que posée ; sinon, posez-la bien et reprenez la photo.",
    "Saved profiles": "Profils enregistrés", "Set": "Jeu", "Codes": "Codes", "Corrections": "Corrections", "Tiles learnt": "Tuiles apprises", "Tiles learnt from hands": "Tuiles apprises des mains",
    "No profile in use: the reader uses its base model alone.": "Aucun profil utilisé : le lecteur utilise seul son modèle de base.",
    "active": "actif", "damaged": "endommagé", "cannot be read here": "illisible ici", "Delete the profile “{name}”?": "Supprimer le profil « {name} » ?",
    "Delete the profile “{name}”, and the profile it replaced ({n} tile(s) learnt), kept to be restored?":
        "Supprimer le profil « {name} », et le profil qu'il a remplacé ({n} tuile(s) apprise(s)), gardé pour être rétabli ?",
    "It is the active profile: the base model alone will read tiles until you choose another.":
        "C'est le profil actif : le modèle de base lira seul les tuiles jusqu'à ce que vous en choisissiez un autre.",
    "What it learnt from your corrections and hands goes with it ({n} tile(s)).":
        "Ce qu'il a appris de vos corrections et de vos mains part avec lui ({n} tuile(s)).",
    "No tile set in use ({n} saved): choose yours to read its tiles better.":
        "Aucun jeu de tuiles utilisé ({n} enregistré(s)) : choisissez le vôtre pour mieux lire ses tuiles.",
    "Use no profile": "N'utiliser aucun profil",
    "No profile yet: the reader uses its base model alone.": "Pas encore de profil : le lecteur utilise seul son modèle de base.",
    "Check the calibration": "Vérifier la calibration", "“{name}”: check the codes": "« {name} » : vérifiez les codes", "“{name}”: the layout does not match": "« {name} » : la disposition ne correspond pas",
    "The photo was read {orientation}.": "La photo a été lue {orientation}.",
    "The photo is mirrored (as a front camera or a webcam app may save it): its tiles were read mirrored back.":
        "La photo est inversée comme dans un miroir (comme peut l'enregistrer une caméra frontale ou une application de "
        "webcam) : ses tuiles ont été lues remises à l'endroit.",
    "The tiles do not match the layout; nothing will be saved:": "Les tuiles ne correspondent pas à la disposition ; rien ne sera enregistré :",
    "Fix the layout and take the photo again.": "Corrigez la disposition et reprenez la photo.",
    "row {n}": "rangée {n}", "face down": "face cachée",
    "{n} tile(s) read differently by the base model (outlined).": "{n} tuile(s) lue(s) autrement par le modèle de base (entourée(s)).",
    "The base model reads every tile as its place in the layout says.": "Le modèle de base lit chaque tuile comme sa place dans la disposition l'indique.",
    "No flowers or seasons row: the set is taken to have none. If it has them, lay them out in a row below, or your profile reads them as other tiles.":
        "Pas de rangée de fleurs ni de saisons : le jeu est supposé n'en avoir aucune. S'il en a, posez-les en une rangée en dessous, sinon votre profil les lira comme d'autres tuiles.",
    # the time is the bar's own estimate: "(about a minute)" stayed beside "about 201 s left" on a busy machine
    "Learning your tiles while you check the codes:": "Apprentissage de vos tuiles pendant que vous vérifiez les codes :",
    # English writes a percentage against its figure, French with a space (« 25 % »)
    "{p}% ({s} s)": "{p} % ({s} s)", "{p}%": "{p} %",
    "{p}% ({s} s, about {left} s left)": "{p} % ({s} s, encore environ {left} s)",
    "{p}% ({s} s, about {left} s left: slower than usual, this computer is busy with other work)":
        "{p} % ({s} s, encore environ {left} s : plus lent que d'habitude, cet ordinateur est occupé par d'autres travaux)",
    "The codes are right: save “{name}” and use it": "Les codes sont justes : enregistrer « {name} » et l'utiliser",
    "The codes are right: replace “{name}” and use it": "Les codes sont justes : remplacer « {name} » et l'utiliser",
    "Back": "Retour", "Learning your tiles…": "Apprentissage de vos tuiles…",
    "Cannot follow the build ({error}); saving still works.": "Impossible de suivre l'apprentissage ({error}) ; l'enregistrement fonctionne quand même.",
    "Done in {s} s.": "Terminé en {s} s.",
    "Waiting for another profile to finish…": "En attente de la fin d'un autre profil…",
    "Waiting for another profile to finish ({p}% built)…": "En attente de la fin d'un autre profil ({p} % construit)…",
    "its page was left while another calibration photo waited":
        "sa page a été quittée pendant qu'une autre photo de calibration attendait",
    "Loading the models… ({s} s)": "Chargement des modèles… ({s} s)",
    "Checking what it learnt… ({s} s)": "Vérification de ce qu'il a appris… ({s} s)",
    "The profile could not be built: {error}. Upload the photo again.": "Le profil n'a pas pu être construit : {error}. Envoyez de nouveau la photo.",
    "This photo's profile was not built: a newer calibration photo, sent from another tab or window, replaced it. Go on there.": "Le profil de cette photo n'a pas été construit : une photo de calibration plus récente, envoyée depuis un autre onglet ou une autre fenêtre, l'a remplacée. Continuez là-bas.",
    "That calibration has expired: upload the photo again.": "Cette calibration a expiré : envoyez de nouveau la photo.",
    "Profile “{name}” saved: it is now the active profile.": "Profil « {name} » enregistré : c'est maintenant le profil actif.",
    "No active profile: the base model reads tiles alone.": "Aucun profil actif : le modèle de base lit seul les tuiles.",
    "Active profile: {name}.": "Profil actif : « {name} ».", "Profile “{name}” deleted.": "Profil « {name} » supprimé.",
    "choose a calibration photo": "choisissez une photo de calibration", "give the set a name": "donnez un nom au jeu",
    # rule sets (scorer TITLE, scorer/flow titles)
    "Chinese Official (MCR, 81 fans)": "Officiel chinois (MCR, 81 combinaisons)", "Riichi (EMA 2016)": "Riichi (EMA 2016)",
    "Classical (points and doubles)": "Classique (points et doubles)", "Hong Kong old style": "Hong Kong à l'ancienne",
    "MCR": "MCR", "classical": "classique", "generic": "générique",
    # option choices
    # « l'écarteur » as 004 says (« Seul l'écarteur paie »): « donneur » alone is the dealer there
    "all pay": "tous paient", "discarder pays": "l'écarteur paie", "discarder double": "l'écarteur paie double",
    "discarder and half": "l'écarteur, et la moitié pour les autres", "same": "le niveau du dessous", "half": "la moitié",
    "none": "aucun", "Liable player (bao)": "Joueur responsable (bao)", "Liable player (pao)": "Joueur responsable (pao)", "— who discarded? —": "— qui a écarté ? —",
    # option names
    "kong pair values": "valeurs des paires de kongs", "fully concealed on concealed specials": "Main Entièrement Cachée sur les mains spéciales cachées",
    "nine gates": "Neuf Portes", "four kongs single wait": "Quatre Kong, Attente de la Paire",
    "knitted straight wait": "attente à côté d'une Suite Cousue",
    "all terminals double pung": "Tout Terminales, Double Pung", "all green half flush": "Tout Vert, Main Propre",
    "big four winds wind pungs": "Quatre Grands Vents, Pung de vents", "minimum points": "points minimum",
    "nagashi mangan": "nagashi mangan", "min faan": "fan minimum", "max faan": "fan maximum",
    "minimum faan to win": "fan minimum pour gagner", "faan limit": "limite en fan",
    "(1) the discarder alone": "(1) l'écarteur seul", "(2) the discarder alone, twice": "(2) l'écarteur seul, le double",
    "(3) the discarder, and the others half": "(3) l'écarteur, et les autres la moitié", "moon ching": "moon ching",
    "dok ting": "dok ting", "flower method": "compte des fleurs", "payment": "paiement",
    "kong discarder pays triple": "l'écarteur de la 4e tuile du kong paie triple", "house rules": "règles maison", "odd faan": "fan impair", "base points": "points de base",
    "limit": "limite", "flowers": "fleurs",
    # the error page
    "Error {status}": "Erreur {status}", "Something is not right ({status})": "Quelque chose ne va pas ({status})",
    "Go back": "Revenir", "Start again": "Recommencer",
    "{from} corrected to {to}": "tuile {from} corrigée en {to}", "{to} added": "tuile {to} ajoutée",
    "group {group} removed ({tiles})": "groupe {group} retiré ({tiles})", "group {group} broken up": "groupe {group} défait",
    "group {group} marked concealed": "groupe {group} marqué caché", "group {group} marked exposed": "groupe {group} marqué exposé",
    "group {group} marked a kong added to a claimed pung": "groupe {group} marqué kong ajouté à un pung réclamé",
    "group {group} claimed from {from}": "groupe {group} pris à {from}",
    "{tiles} put back in the standing row": "{tiles} remises dans la rangée debout",
    "put back in the standing row": "remettre dans la rangée debout", "Show in the hand: {pattern}: {tiles}": "Montrer dans la main : {pattern} : {tiles}",
    "{meld}: {action}": "{meld} : {action}", "delete": "supprimer",
    "Marked in the hand: {tiles}": "Marquées dans la main : {tiles}",
    "the claimed tile, sideways": "la tuile réclamée, de côté", "{tile} added": "tuile {tile} ajoutée",
    "{tiles} removed": "tuiles {tiles} retirées",
    "{tiles} made a meld": "{tiles} regroupées en combinaison", "a change undone": "une modification annulée",
    "Undo: {change}": "Annuler : {change}", "Redo: {change}": "Rétablir : {change}",
    "Undone: {change}": "Annulé : {change}", "Redone: {change}": "Rétabli : {change}",
    "{tile} removed": "tuile {tile} retirée", "{tile} marked as the winning tile": "tuile {tile} marquée gagnante",
    "{tile} moved": "tuile {tile} déplacée", "every tile cleared": "toutes les tuiles retirées",
    "hand typed: {typed}": "main saisie : {typed}",
    "a change redone": "une modification rétablie",
    "This game is over: a hand read now cannot be recorded in it. Undo or edit a hand on the game page, or start a new game.":
        "Cette partie est finie : une main lue maintenant ne peut pas y être enregistrée. Annulez ou modifiez une main sur la page de la partie, ou commencez une nouvelle partie.",
    "This game is over: this hand cannot be recorded in it. Undo or edit a hand on the game page, or start a new game.":
        "Cette partie est finie : cette main ne peut pas y être enregistrée. Annulez ou modifiez une main sur la page de la partie, ou commencez une nouvelle partie.",
    "this hand is already recorded: hand {n} of {game}": "cette main est déjà enregistrée : main {n} de {game}",
    "Not recorded: {why}": "Non enregistrée : {why}", "not a winning hand: {why}": "pas une main gagnante : {why}",
    # the standings across games (webui/standings.py)
    "Standings across games": "Classement sur plusieurs parties",
    "Every finished game of one rule set, added up player by player: points of different rule sets do not add up.":
        "Toutes les parties terminées d'un jeu de règles, additionnées joueur par joueur : les points de règles différentes ne s'additionnent pas.",
    "Games started from": "Parties commencées du", "until": "au", "Show": "Afficher",
    "{n} finished game(s) counted.": "{n} partie(s) terminée(s) comptée(s).",
    "Each game counts its final score: the points less the start, plus the uma, after chombo penalties (002 §3.6).":
        "Chaque partie compte son score final : les points moins ceux du départ, plus l'uma, après les pénalités de chombo (002 §3.6).",
    "{n} game(s)": "{n} partie(s)",
    "Half game: the East round alone (a house rule; the rules play East and South)":
        "Demi-partie : le tour Est seul (règle maison ; les règles jouent Est et Sud)",
    "half game": "demi-partie",
    "(the flower method is among the Rule options, under “More about this hand”)":
        "(la méthode des fleurs est parmi les Options des règles, sous « Plus sur cette main »)",
    "(the flower method is among the game's House rules, on its page)":
        "(la méthode des fleurs est parmi les Règles maison de la partie, sur sa page)",
    "No tile was set apart in the photo: ★ marks the rightmost as the winning tile.":
        "Aucune tuile n'était mise à part sur la photo : ★ marque la plus à droite comme tuile gagnante.",
    "No tile was set apart in the photo: ★ marks the rightmost as the winning tile. Here any of them scores the same.":
        "Aucune tuile n'était mise à part sur la photo : ★ marque la plus à droite comme tuile gagnante. Ici, "
        "toutes comptent pareil.",
    "The hand declared:": "La main déclarée :",
    "No win in this hand for {players}, after a false win (undo it on the game page if it was a mistake).":
        "Pas de victoire dans cette main pour {players}, après un faux Mah-jong (annulez-le sur la page de la partie si c'était une erreur).",
    "Games still in play, not counted until they are over: {n}.":
        "Parties encore en cours, non comptées avant d'être terminées : {n}.",
    "Average rank": "Rang moyen", "Best game": "Meilleure partie",
    "This table is ranked by table points instead, then by total, then by average rank.": "Ce classement-ci est par points de table, puis par total, puis par rang moyen.",
    "{rules} has no table points: ranked by total.": "{rules} n'a pas de points de table : classé par total.",
    "Table points": "Points de table", "Penalties after the uma": "Pénalités après l'uma", "Ranked by": "Classé par", "table points, then total": "points de table, puis total",
    "Table points: {points} for 1st to 4th in each game, as MCR tournaments and leagues count them (the rules document defines none); players level in a game share the points of their places.":
        "Points de table : {points} du 1er au 4e de chaque partie, comme les tournois et championnats MCR les comptent (le règlement n'en définit pas) ; des joueurs à égalité dans une partie se partagent les points de leurs places.",
    "Games finished 1st, 2nd, 3rd and 4th": "Parties terminées 1er, 2e, 3e et 4e",
    "1st": "1er", "2nd": "2e", "3rd": "3e", "4th": "4e",
    "Export the standings (CSV)": "Exporter le classement (CSV)",
    "A player is the same across games when their name reads the same (“Ann” and “ann”), shown as most games write it. Ranked by total, then by average rank, where players level in a game share their places out (three level behind the winner are each third). The total adds each game’s final score (riichi: after uma and chombo penalties).":
        "Un joueur est le même d'une partie à l'autre quand son nom se lit de même (« Ann » et « ann »), écrit comme la plupart des parties l'écrivent. "
        "Classé par total, puis par rang moyen, où des joueurs à égalité dans une partie se partagent leurs places (trois à égalité derrière le gagnant sont chacun troisièmes). "
        "Le total additionne le score final de chaque partie (riichi : après uma et pénalités de chombo).",
    "Ranked from (games)": "Classé à partir de (parties)", "Finished games of other days: {n}.": "Parties terminées d'autres jours : {n}.",
    "Players with no finished game, not ranked:": "Joueurs sans partie terminée, non classés :",
    "Players with fewer than {games} finished games, not ranked:": "Joueurs de moins de {games} parties terminées, non classés :",
    "{n} game(s) left to a substitute": "{n} partie(s) laissée(s) à un remplaçant",
    "Games left to a substitute": "Parties laissées à un remplaçant", "Not ranked": "Non classé",
    "These games have the same players and hands: one may be a copy, counted twice (delete it if so):":
        "Ces parties ont les mêmes joueurs et les mêmes mains : l'une est peut-être une copie, comptée deux fois (supprimez-la si c'est le cas) :",
    "Per game": "Par partie", "The games counted": "Les parties comptées",
    "a new game log was made at {path}": "un nouveau journal des parties a été créé : {path}",
    "this photo's hand is already recorded in game {game}": "la main de cette photo est déjà enregistrée dans la partie {game}",
}

#: Context keys and option names shown to a player (English; French above).
LABELS = {"self_drawn": "self drawn", "dora_indicators": "dora indicators",
          "ura_dora_indicators": "ura dora indicators", "riichi_sticks": "riichi sticks",
          # "last tile" beside "last of kind" read as the same thing: this one is the wall's
          "last_tile": "last tile of the wall, or its discard", "last_of_kind": "last of its kind"}
#: The words of the table (webui/words.py, /words), in French.
WORDS_FR = {
    "Words of the table":
        "Les mots de la table",
    "Classical (points and doubles)": "Classique (points et doubles)",
    "base points": "points de base",
    "The winner counts points for going out (20), each pung or kong (a pung is worth 2 to 8 points, a kong 8 to 32; exposed ones half of concealed ones; a chow counts nothing), some pairs, the winning tile drawn or filling the only possible place, and each flower or season (4).":
        "Le gagnant compte des points pour la sortie (20), chaque pung ou kong (un pung vaut de 2 à 8 points, un kong de 8 à 32 ; "
        "exposés, ils valent moitié moins que cachés ; un chow ne compte rien), certaines paires, la tuile gagnante piochée "
        "ou comblant la seule place possible, et chaque fleur ou saison (4).",
    "doubles": "doubles",
    "Then the points are doubled once for each double the hand holds (a pung of dragons or of one's own wind, one suit with honours, own flower and season...): 30 points with two doubles are 120.":
        "Puis les points sont doublés une fois pour chaque double de la main (un pung de dragons ou du vent du "
        "joueur, une famille et honneurs, fleur et saison du joueur…) : 30 points avec deux doubles font 120.",
    "the limit": "la limite",
    "The score stops at the limit the table agreed (500 unless the table chose another; Babcock's book says 300), and the limit hands (thirteen orphans, all honours, four kongs...) are worth it outright.":
        "Le score s'arrête à la limite convenue par la table (500 sauf autre choix de la table ; le livre de Babcock dit 300), et les mains "
        "limites (treize orphelins, tout honneurs, quatre kongs…) la valent d'emblée.",
    "the dealer, or banker (East)": "le banquier (Est)",
    "East, the dealer, is the banker (« le banquier »): East pays and receives double. The three others pay the winner (the discarder alone, where the table plays so); in full classical play they also settle among themselves by the difference of their own hands, which a game counts where its win form is given their hands' points (The others' hands).":
        "Le joueur Est est le banquier : il paie et reçoit double. Les trois autres paient le gagnant (le donneur de "
        "l'écart seul, si la table joue ainsi) ; dans le jeu classique complet, ils règlent aussi entre eux la "
        "différence de leurs propres mains, ce qu'une partie compte quand son formulaire de victoire reçoit les "
        "points de leurs mains (Les mains des autres).",
    "own flower and season": "fleur et saison du joueur",
    "Each player's flower and season are those of their seat number (East 1, South 2...). Where the table plays flowers, each flower or season is 4 points, and holding both one's own flower and own season is a double here.":
        "La fleur et la saison d'un joueur sont celles du numéro de sa place (Est 1, Sud 2…). Quand la table joue les fleurs, "
        "chaque fleur ou saison vaut 4 points, et tenir à la fois sa fleur et sa saison est un double ici.",
    "{value} for the hand, {points} with the counters on the table":
        "{value} pour la main, {points} avec les compteurs sur la table",
    "{value} for the hand, {points} with the counters and riichi sticks on the table":
        "{value} pour la main, {points} avec les compteurs et les bâtonnets de riichi sur la table",
    "What are tenpai and noten?": "Que veulent dire tenpai et noten ?",
    "What is a chombo?": "Qu'est-ce qu'un chombo ?",
    "{n} without flowers": "{n} sans les fleurs",
    "What do these words mean?":
        "Que veulent dire ces mots ?",
    "tenpai, honba, uma, han and fu, faan: what they mean":
        "tenpai, honba, uma, han et fu, fan : ce qu'ils veulent dire",
    "points, the 8-point minimum, payments: what they mean":
        "points, minimum de 8 points, paiements : ce qu'ils veulent dire",
    "tenpai, honba, uma, han and fu: what they mean": "tenpai, honba, uma, han et fu : ce qu'ils veulent dire",
    "faan, minimum and limit, bao: what they mean": "fan, minimum et limite, bao : ce qu'ils veulent dire",
    "base points, doubles, the limit, the dealer: what they mean":
        "points de base, doubles, limite, banquier : ce qu'ils veulent dire",
    "The words the pages use, each in a few lines; its source link names the rule document it comes from.":
        "Les mots qu'emploient les pages, chacun en quelques lignes ; son lien source nomme le document de règles d'où il vient.",
    "The tiles and the hand":
        "Les tuiles et la main",
    "Chinese Official (MCR)":
        "Officiel chinois (MCR)",
    "suits: characters, dots, bamboo (m, p, s)":
        "familles : caractères, ronds, bambous (m, p, s)",
    "the final score (points − 30,000)": "le résultat final (points − 30 000)",
    "At the end each player's points, minus the 30,000 everyone started with, plus the uma; often divided by 1,000 (+12.3 for 12,300).":
        "À la fin, les points de chaque joueur, moins les 30 000 avec lesquels chacun a commencé, plus l'uma ; souvent divisés par 1 000 (+12,3 pour 12 300).",
    "hand labels: E1, S3-1": "noms des mains : E1, S3-1",
    "A hand named by its round's wind and the dealer's place in that round: E1 is the East round's first deal, S3 the South round's third; in riichi -1, -2 add the counters on the table (S3-1). Under rules without counters, -1, -2 count the deals a dealer kept (E2-2: E2's dealer dealing a third time in a row, after two wins or draws).":
        "Une main nommée par le vent du tour et la place de celui qui distribue dans ce tour : E1 est la première donne du tour d'Est, S3 la troisième du tour du Sud ; en riichi, -1, -2 ajoutent les compteurs sur la table (S3-1). Sous des règles sans compteurs, -1, -2 comptent les donnes gardées par un croupier (E2-2 : le croupier de E2 distribue une troisième fois de suite, après deux victoires ou mains nulles).",
    "Tiles numbered 1 to 9, four of each, in three suits: characters (萬, code m), dots or circles (p) and bamboo (s). 1 and 9 are terminals.":
        "Des tuiles numérotées de 1 à 9, quatre de chaque, en trois familles : caractères (萬, code m), ronds ou cercles (p) et bambous (s). Les 1 et les 9 sont les terminales.",
    "honours: winds and dragons (z)":
        "honneurs : vents et dragons (z)",
    "The winds East, South, West, North (codes 1z-4z) and the dragons white, green, red (5z-7z).":
        "Les vents Est, Sud, Ouest, Nord (codes 1z-4z) et les dragons blanc, vert, rouge (5z-7z).",
    "flowers and seasons (f)":
        "fleurs et saisons (f)",
    "flowers and seasons":
        "fleurs et saisons",
    "chow (sequence)":
        "chow (suite)",
    "Three tiles in a row in one suit (4-5-6 of dots). A chow can be claimed only from the player on your left.":
        "Trois tuiles qui se suivent dans une famille (4-5-6 de ronds). On ne peut prendre un chow qu'au joueur de gauche.",
    "pung (pong)":
        "pung (brelan)",
    "Three identical tiles.":
        "Trois tuiles identiques.",
    "kong (quad)":
        "kong (carré)",
    "pair (eyes)":
        "paire (yeux)",
    "Two identical tiles. A winning hand is four sets (chows, pungs, kongs) and a pair, except a few special hands such as seven pairs.":
        "Deux tuiles identiques. Une main gagnante compte quatre combinaisons (chows, pungs, kongs) et une paire, sauf quelques mains spéciales comme les sept paires.",
    "exposed and concealed":
        "exposé et caché",
    "self-drawn (tsumo) and on a discard (ron)":
        "sur pioche (tsumo) et sur un écart (ron)",
    "seat wind and round wind":
        "vent du joueur et vent dominant",
    "dealer (East)":
        "croupier / ouvreur (joueur Est)",
    "riichi (立直)":
        "riichi (立直)",
    "A player whose concealed hand is one tile from winning may declare riichi and put a 1,000-point stick on the table. It is a yaku worth 1 han; the hand can no longer be changed.":
        "Un joueur dont la main cachée n'attend plus qu'une tuile peut annoncer riichi et poser un bâtonnet de 1 000 points sur la table. C'est un yaku d'un han ; la main ne peut plus être changée.",
    "tenpai (聴牌) and noten":
        "tenpai (聴牌) et noten",
    "yaku (役)":
        "yaku (役)",
    "A scoring pattern. A hand needs at least one yaku to win; dora do not count as one.":
        "Une figure qui rapporte. Une main a besoin d'au moins un yaku pour gagner ; les dora n'en sont pas un.",
    "han (翻)":
        "han (翻)",
    "The hand's doubles: the han of its yaku, plus one for each dora. With the fu, they give the hand's value from the score tables.":
        "Les doublements de la main : les han de ses yaku, plus un par dora. Avec les minipoints (fu), ils donnent la valeur de la main dans les tables de score.",
    "fu (符), minipoints":
        "fu (符), minipoints",
    "basic points": "points de base du riichi",
    "What the payments are counted from: the fu doubled once for each han and twice more (30 fu and 1 han: 30 × 8 = 240), at most 2,000 (a mangan: 5 han, or fewer with many fu). A win on a discard is paid 4 times the basic points by the discarder (6 times for the dealer); a self-drawn one 1 time by each other player and 2 times by the dealer (2 times by each for the dealer), rounded up to the next 100: a mangan is so 8,000 (12,000 for the dealer).":
        "Ce sur quoi les paiements sont comptés : les minipoints doublés une fois par han et deux fois de plus (30 "
        "minipoints et 1 han : 30 × 8 = 240), au plus 2 000 (un mangan : 5 han, ou moins avec beaucoup de minipoints). "
        "Une victoire sur un écart est payée 4 fois les points de base par le donneur de l'écart (6 fois pour le "
        "croupier) ; une victoire sur pioche 1 fois par chaque autre joueur et 2 fois par le croupier (2 fois par "
        "chacun pour le croupier), arrondi à la centaine supérieure : un mangan fait ainsi 8 000 (12 000 pour le "
        "croupier).",
    "dora (ドラ)":
        "dora (ドラ)",
    "mangan and the limits":
        "mangan et les limites",
    "honba (本場), counters":
        "honba (本場), compteurs",
    "A 100-point stick the dealer puts out after a draw or after winning. Each counter adds 300 points to the next win (100 from each player when self-drawn); they are cleared when another player wins.":
        "Un bâtonnet de 100 points que l'ouvreur pose après une donne nulle ou après avoir gagné. Chaque compteur ajoute 300 points à la victoire suivante (100 de chaque joueur sur pioche) ; ils sont retirés quand un autre joueur gagne.",
    "riichi sticks on the table":
        "bâtonnets de riichi sur la table",
    "The 1,000-point sticks of riichi declarations; the next winner takes them all. After a draw they stay on the table.":
        "Les bâtonnets de 1 000 points des annonces de riichi ; le gagnant suivant les prend tous. Après une donne nulle, ils restent sur la table.",
    "uma (ウマ)":
        "uma (ウマ)",
    "The bonus by rank at the end of the game: +15,000, +5,000, −5,000 and −15,000 points to the first to the fourth.":
        "Le bonus selon le rang en fin de partie : +15 000, +5 000, −5 000 et −15 000 points, du premier au quatrième.",
    "chombo (錯和)":
        "chombo (錯和)",
    "furiten (振聴)":
        "furiten (振聴)",
    "points (fan, 番)":
        "points (fan, 番)",
    "MCR knows 81 patterns worth 1 to 88 points each, added together; a pattern that another one already contains is not counted again.":
        "Le MCR connaît 81 mains de 1 à 88 points chacune, qui s'additionnent ; une main qu'une autre contient déjà n'est pas comptée une seconde fois.",
    "8-point minimum":
        "minimum de 8 points",
    "A win must be worth 8 points or more, flowers not counted.":
        "Une victoire doit valoir 8 points ou plus, fleurs non comptées.",
    "payments":
        "paiements",
    "Self-drawn: each of the three others pays the hand's points plus 8. On a discard: the discarder pays the points plus 8, the two others 8 each.":
        "Sur pioche : chacun des trois autres paie les points de la main plus 8. Sur un écart : le donneur de l'écart paie les points plus 8, les deux autres 8 chacun.",
    "chicken hand":
        "main du poulet",
    "faan (番)":
        "fan (番)",
    "Hong Kong's doubles: each pattern gives faan, added together. The winner's reward doubles with each faan up to 4, then with every two more: for 1 base point, 0 faan pay 1, 1 faan 2, 2 faan 4, 3 faan 8, 4 and 5 faan 16, 6 and 7 faan 32, 8 and 9 faan 64, 10 and 11 faan 128, 12 and 13 faan 256. The base points are a house rule, and so is an odd faan above 4 paying half-way instead.":
        "Les doublements de Hong Kong : chaque figure donne des fan, qui s'additionnent. La récompense du gagnant double à chaque fan jusqu'à 4, puis tous les deux fan de plus : pour 1 point de base, 0 fan paient 1, 1 fan 2, 2 fan 4, 3 fan 8, 4 et 5 fan 16, 6 et 7 fan 32, 8 et 9 fan 64, 10 et 11 fan 128, 12 et 13 fan 256. Les points de base sont une règle de la table, tout comme un fan impair au-delà de 4 payé à mi-chemin.",
    "minimum and limit":
        "minimum et limite",
    "who pays":
        "qui paie",
    "Agreed before play: the discarder alone pays the full reward, or twice it, or the discarder the full reward and the two others half each. Self-drawn: each of the three pays the full reward.":
        "Convenu avant de jouer : le donneur de l'écart paie seul la récompense entière, ou le double, ou bien il paie la récompense entière et les deux autres la moitié chacun. Sur pioche : chacun des trois paie la récompense entière.",
    "bao (包), paying for all":
        "bao (包), payer pour tous",
    "wait":
        "attente",
    "Eight bonus tiles (1f-8f), laid beside the hand and replaced by a tile from the wall; they are in none of its sets. Riichi has none. MCR counts 1 point each, which do not count towards its 8-point minimum. Hong Kong counts them by the method the table agreed on (each flower, or the flower of the round or of the seat; here none unless chosen), and all eight win the hand. Classical play counts 4 points each, and one's own flower and own season together a double.":
        "Huit tuiles de bonus (1f-8f), posées à côté de la main et remplacées par une tuile du mur ; elles ne font partie d'aucune de ses combinaisons. Le riichi n'en a pas. Le MCR compte 1 point pour chacune, points qui ne comptent pas pour son minimum de 8 points. Hong Kong les compte selon la méthode convenue par la table (chaque fleur, ou la fleur du tour ou du joueur ; ici aucune sans ce choix), et les huit font gagner la main. Le jeu classique compte 4 points chacune, et la fleur et la saison du joueur ensemble un double.",
    "Four identical tiles; its owner draws a replacement tile. A concealed kong is laid face down: all four tiles in MCR, the two middle ones in riichi, where every kong also turns up a new dora indicator. For a photo, leave two of its tiles face up: a kong seen only from the back cannot be read, and the review page then asks for its tiles.":
        "Quatre tuiles identiques ; qui le fait pioche une tuile de remplacement. Un kong caché est posé face cachée : ses quatre tuiles en MCR, les deux du milieu en riichi, où chaque kong retourne aussi un nouvel indicateur de dora. Pour une photo, laissez deux de ses tuiles face visible : un kong vu seulement de dos ne peut pas être lu, et la page de vérification demande alors ses tuiles.",
    "A set made with another player's discard is exposed: laid face up, the claimed tile turned sideways. A set drawn from the wall alone is concealed, and a concealed kong keeps the hand concealed. Many patterns need a concealed hand.":
        "Une combinaison faite avec l'écart d'un autre joueur est exposée : posée face visible, la tuile prise tournée de côté. Une combinaison tirée du seul mur est cachée, et un kong caché laisse la main cachée. Bien des figures demandent une main cachée.",
    "A win with a tile you drew from the wall (or a replacement tile) is self-drawn; a win with the tile another player just discarded is on a discard, and that player is the discarder.":
        "Une victoire avec une tuile piochée dans le mur (ou une tuile de remplacement) est sur pioche ; une victoire avec la tuile qu'un autre joueur vient d'écarter est sur un écart, et ce joueur est le donneur de l'écart.",
    "The tile or tiles a hand one tile short of winning can win on: two-sided (4-5 waits on 3 or 6), edge (1-2 waits on 3), closed (4-6 waits on 5) or on the pair. The edge, closed and pair waits score: in MCR 1 point when no other tile would complete the hand; in riichi 2 fu even when other tiles would, the reading that scores more being counted; in classical play 2 points for filling the only possible place.":
        "La ou les tuiles qui feraient gagner une main à qui il n'en manque qu'une : des deux côtés (4-5 attend le 3 ou le 6), au bord (1-2 attend le 3), fermée (4-6 attend le 5) ou sur la paire. Les attentes au bord, fermée et sur la paire rapportent : en MCR 1 point quand aucune autre tuile ne compléterait la main ; en riichi 2 minipoints même quand d'autres tuiles la compléteraient, la lecture qui rapporte le plus étant comptée ; dans le jeu classique, 2 points pour la seule place possible.",
    "Each player has a seat wind (East, South, West, North); the round has a wind too (East first; a riichi game plays the East and South rounds). A pung of either wind scores.":
        "Chaque joueur a un vent (Est, Sud, Ouest, Nord) ; le tour a aussi le sien (Est d'abord ; une partie de riichi joue les tours d'Est et de Sud). Un pung de l'un ou l'autre rapporte.",
    "The player whose seat wind is East. In riichi the dealer wins more, pays more when another player wins self-drawn, and keeps the deal after winning or being tenpai at a draw. In MCR East moves on every hand, with no payment of its own. In Hong Kong East keeps the deal after winning or a draw; in classical play too, and there East, the banker, pays and receives double.":
        "Le joueur dont le vent est Est (l'ouvreur, en riichi). En riichi, il gagne davantage, paie davantage quand un autre joueur gagne sur pioche, et garde la main s'il gagne ou s'il est tenpai lors d'une donne nulle. En MCR, l'Est change à chaque main, sans paiement qui lui soit propre. À Hong Kong, l'Est garde la main s'il gagne ou lors d'une main nulle ; dans le jeu classique aussi, et l'Est, le banquier, y paie et reçoit double.",
    "ippatsu (一発)":
        "ippatsu (一発)",
    "dead wall":
        "mur mort",
    "pao (包), the liable player":
        "pao (包), le joueur responsable",
    "Tenpai: one tile away from winning. Noten: not. When the wall runs out with no winner, the noten players pay 3,000 points in all to the tenpai ones; nothing if all or none are tenpai.":
        "Tenpai : à une tuile de la victoire. Noten : pas en attente. Quand le mur s'épuise sans gagnant, les joueurs noten paient 3 000 points en tout aux joueurs tenpai ; rien si tous sont tenpai ou si aucun ne l'est.",
    "Points for how the hand is built: 20 to start; more for pungs and kongs (above all concealed, and of terminals and honours); 2 for a pair of dragons, of the seat wind or of the round wind (4 for a pair of a wind that is both); 2 for a wait on one tile (an edge, a closed or a pair wait); 2 for a self-drawn win (none with pinfu), 10 for a concealed hand won on a discard; rounded up to the next 10. Seven pairs are 25; a hand with a call that would count 20 gets 2 (open pinfu), so 30.":
        "Des points pour la façon dont la main est faite : 20 au départ ; davantage pour les pungs et les kongs (surtout cachés, et de terminales et d'honneurs) ; 2 pour une paire de dragons, du vent du joueur ou du vent dominant (4 pour une paire d'un vent qui est les deux) ; 2 pour une attente au bord, fermée ou sur la paire ; 2 pour une victoire sur pioche (aucun avec pinfu), 10 pour une main cachée gagnée sur un écart ; arrondis à la dizaine supérieure. Les sept paires font 25 ; une main avec un appel qui compterait 20 en reçoit 2 (pinfu ouvert), donc 30.",
    "Bonus tiles: the tile after the indicator turned up in the dead wall is worth 1 han for each copy in the winning hand. A kong turns up another indicator (kan-dora); a riichi winner also counts the tiles under the indicators (ura-dora). Red fives are no EMA rule: counted only where the table chooses them.":
        "Des tuiles de bonus : la tuile qui suit l'indicateur retourné dans le mur mort vaut 1 han par exemplaire dans la main gagnante. Un kong retourne un autre indicateur (kan-dora) ; un gagnant en riichi compte aussi les tuiles sous les indicateurs (ura-dora). Les cinq rouges ne sont pas une règle de l'EMA : comptés seulement si la table les choisit.",
    "Big hands are paid as limits: 5 han (or 4 han with 40 fu or more, 3 han with 70 or more; 4 han 30 fu is 7,700, not a mangan) is a mangan, 8,000 points (12,000 for the dealer); haneman 6-7 han, baiman 8-10, sanbaiman 11 or more (13 han too); a yakuman 32,000 (48,000 for the dealer), never added to another.":
        "Les grosses mains sont payées en limites : 5 han (ou 4 han avec 40 minipoints ou plus, 3 han avec 70 ou plus ; 4 han 30 minipoints font 7 700, pas un mangan) font un mangan, 8 000 points (12 000 pour l'ouvreur) ; haneman 6-7 han, baiman 8-10, sanbaiman 11 ou plus (13 han aussi) ; un yakuman 32 000 (48 000 pour l'ouvreur), jamais ajouté à un autre.",
    "The penalty for a false win or another serious mistake: the player pays a mangan to the others (4,000 to the dealer and 2,000 to each other player; a dealer pays 4,000 to each; in a tournament, 20,000 points taken after the uma instead). The hand is dealt again: riichi sticks go back, no counter, the same dealer.":
        "La pénalité d'une fausse victoire ou d'une autre faute grave : le joueur paie un mangan aux autres (4 000 à l'ouvreur et 2 000 à chacun des autres ; l'ouvreur paie 4 000 à chacun ; en tournoi, 20 000 points retirés après l'uma à la place). La main est redistribuée : les bâtonnets de riichi sont rendus, pas de compteur, le même ouvreur.",
    "A player who has discarded one of the tiles that would complete their hand cannot win on a discard, only self-drawn. One who lets a winning discard pass cannot win on a discard until their next draw or call (after riichi, until the hand ends).":
        "Un joueur qui a écarté l'une des tuiles qui compléteraient sa main ne peut pas gagner sur un écart, seulement sur pioche. Qui laisse passer un écart gagnant ne peut plus gagner sur un écart jusqu'à sa prochaine pioche ou son prochain appel (après un riichi, jusqu'à la fin de la donne).",
    "1 han more for winning within one go-round after declaring riichi, the next draw included, unless a call (chow, pung or kong) interrupts it.":
        "1 han de plus pour une victoire dans le tour qui suit l'annonce du riichi, la pioche suivante comprise, sauf si un appel (chow, pung ou kong) l'interrompt.",
    "The 14 tiles at the end of the wall that are not drawn in turn: the dora indicators are turned up there, and replacement tiles for kongs are taken from it.":
        "Les 14 tuiles au bout du mur que l'on ne pioche pas à son tour : on y retourne les indicateurs de dora, et on y prend les tuiles de remplacement des kongs.",
    "A player who gives a third dragon pung to someone with two already shown, or a fourth wind pung to someone with three, pays the whole Big Three Dragons or Big Four Winds won self-drawn, and half of it when another player discards the winning tile.":
        "Un joueur qui fournit le troisième pung de dragon à qui en montre déjà deux, ou le quatrième pung de vent à qui en montre trois, paie seul les Trois Grands Dragons ou les Quatre Grands Vents gagnés sur pioche, et la moitié quand un autre joueur écarte la tuile gagnante.",
    "robbing a kong":
        "voler un kong",
    "A hand that would otherwise score no points; it is worth 8, and flowers are added on top.":
        "Une main qui sinon ne vaudrait aucun point ; elle en vaut 8, et les fleurs s'y ajoutent.",
    "Winning on the tile another player adds to an exposed pung to make a kong: a pattern of its own under each rule set, the robbed player taken for the discarder.":
        "Gagner sur la tuile qu'un autre joueur ajoute à un pung exposé pour en faire un kong : une figure à part entière dans chaque règle, le joueur volé tenant lieu de donneur de l'écart.",
    "A table agrees beforehand how many faan a win needs and where the reward stops growing (the limit); the document gives no figure. Here a win needs none unless the table sets a minimum, and the limit is 13 faan, the document's largest worked total.":
        "Une table convient d'avance du nombre de fan qu'il faut pour gagner et d'où la récompense cesse de croître (la limite) ; le document ne donne pas de chiffre. Ici, une victoire n'en demande aucun sauf si la table fixe un minimum, et la limite est de 13 fan, le plus grand total calculé du document.",
    "A player who discards the winning tile of certain big hands, the winner having already shown the sets that make it likely (two dragon pungs, three wind pungs, three honour sets...), pays twice the full reward, for themselves and the two others. The review page names this player as the liable player. Exempt (\u201cbao exempt\u201d): a player left holding only the suits of two other players' shown one-suit hands, who claimed no discard since they were shown, pays no bao for the second of them.":
        "Un joueur qui écarte la tuile gagnante de certaines grosses mains, alors que le gagnant montrait déjà les combinaisons qui la rendaient probable (deux pungs de dragons, trois pungs de vents, trois combinaisons d'honneurs...), paie deux fois la récompense entière : sa part et celles des deux autres. La page de vérification le nomme le joueur responsable. Exempté (« exempté du bao ») : un joueur à qui il ne reste que les couleurs des mains d'une couleur montrées par deux autres joueurs, et qui n'a réclamé aucun écart depuis, ne paie pas le bao de la seconde.",
}
WORDS_FR["note"] = "note"           # the history of changes: a note changed
FR.update(WORDS_FR)

#: The forms a hand is read as (``Decomposition.form``: scorer/readings.py, scorer/mcr/reading.py)
#: whose words are not their name's.
FORMS = {"standard": "four sets and a pair", "honours_knitted": "honours and knitted tiles"}
WINDS = {"E": "East", "S": "South", "W": "West", "N": "North"}

# the rule documents are numbered 000-004: "(250, 366)", where a calibration photo's extra tile
# lies, is no source (the web page cut it out of "extra tile at (250, 366)")
_SOURCE = re.compile(r"\s*[\(\[]\s*((?:00\d\b|ffmj|pymahjong|EMA|WRC|\[?[A-Z]\]|ch\.|n°)[^\)\]]*)[\)\]]")
# a rule file's number, not the thousands of a figure ("× 1,000" lost its 000: "× 1")
_SOURCE_WORDS = re.compile(r"(?<!\d[,.\u00a0\u202f])(?<!\d)\b(?:000|001|002|003|004|ffmj\d*|pymahjong\w*)\b")


def lang() -> str:
    """The page's language: ``?lang=`` (kept in a cookie by :func:`remember`), the cookie, else the
    browser's own (Accept-Language: a French phone opens the app in French), else English."""
    if "mj_lang" not in g:
        chosen = request.args.get("lang") or request.cookies.get(COOKIE)
        if chosen not in LANGUAGES:
            chosen = request.accept_languages.best_match(list(LANGUAGES), default="en")
        g.mj_lang = chosen
    return g.mj_lang


# The French a rule set's own document uses where the tables above say otherwise: the EMA riichi
# text calls the dealer « l'ouvreur (Joueur EST) » (002 §3.4.11), the Hong Kong one « croupier » (004).
# (The classical rules, 003, and MCR, 000, write « pioche » for a self-drawn win.)
_RIICHI_TERMS = [(re.compile(a), b) for a, b in (
    (r"\bnon-croupier\b", "non-ouvreur"), (r"\bde croupier\b", "d'ouvreur"), (r"\bdu croupier\b", "de l'ouvreur"), (r"\bau croupier\b", "à l'ouvreur"),
    (r"\bLe croupier\b", "L'ouvreur"), (r"\ble croupier\b", "l'ouvreur"), (r"\bcroupiers\b", "ouvreurs"),
    (r"\bCroupier\b", "Ouvreur"), (r"\bcroupier\b", "ouvreur"),
    # 002 §2.2 « Vent dominant » where 000 says « vent du tour »; §2.1 « Vent du joueur »
    (r"\bvent du tour\b", "vent dominant"), (r"\bVent du tour\b", "Vent dominant"),
    # 002 §3.2 « quatre éléments et une paire » (its word for a set; « combinaison » once)
    (r"\bquatre combinaisons et une paire\b", "quatre éléments et une paire"),
    # 002 §3.4.2 « Une donne nulle arrive si personne ne déclare mah-jong »
    (r"\bmains nulles\b", "donnes nulles"), (r"\bmain nulle\b", "donne nulle"), (r"\bMain nulle\b", "Donne nulle"))]
# The Chinese rule sets' documents say « pioche » alone: « tsumo » is riichi's word (002).
_CHINESE_TERMS = [(re.compile(r" \(tsumo\)"), "")]
# 004 names the discarder « l'écarteur » (« Seul l'écarteur paie »), and its « donneur » is the
# dealer: « le donneur de l'écart » beside « l'écarteur » of the payment options read as two
# players on a Hong Kong page (and a classical one, whose flow and options are 004's).
_DISCARDER_TERMS = [(re.compile(a), b) for a, b in (
    (r"\ble donneur de l'écart\b", "l'écarteur"), (r"\bLe donneur de l'écart\b", "L'écarteur"),
    (r"\bde donneur de l'écart\b", "d'écarteur"), (r"\bdonneur de l'écart\b", "écarteur"),
    (r"\bDonneur de l'écart\b", "Écarteur"))]


def _dealer_terms(word: str) -> list:
    """« croupier » (004's word, the tables' default) replaced by ``word`` (masculine, after « le »)."""
    return [(re.compile(a), b) for a, b in (
        (r"\bnon-croupier\b", f"autre que le {word}"), (r"\bLe croupier\b", f"Le {word}"),
        (r"\bcroupiers\b", word.replace("joueur", "joueurs") if "joueur" in word else f"{word}s"),
        (r"\bCroupier\b", word[0].upper() + word[1:]), (r"\bcroupier\b", word))]


# MCR's 000 names the dealer « le joueur "Est" » (Distribution des tuiles); the classical rules, 003,
# « le banquier » (a French page of an MCR game said « croupier », a word 000 never uses).
_TERMS = {"riichi": _RIICHI_TERMS, "mcr": _CHINESE_TERMS + _dealer_terms("joueur Est")
          # « Croupier (Est) » made « Joueur Est (Est) »
          + [(re.compile(r"\b([Jj]oueur Est) \(Est\)"), r"\1")], "hk": _CHINESE_TERMS + _DISCARDER_TERMS,
          "classical": _CHINESE_TERMS + _DISCARDER_TERMS + _dealer_terms("banquier")}


def csv_words(rules: str | None) -> dict:
    """``CSV_WORDS_FR`` in the words of ``rules``' own document (« joueur Est » for MCR's dealer)."""
    terms = _TERMS.get(rules, ())
    out = {}
    for key, value in CSV_WORDS_FR.items():
        for pattern, word in terms:
            value = pattern.sub(word, value)
        out[key] = value
    return out


def use_rules_terms(rules: str | None) -> None:
    """This page is about a game or hand under ``rules``: its French uses that rule set's words."""
    g.mj_rules = rules


def french_terms(text: str) -> str:
    """French ``text`` in the words of the page's rule set (``use_rules_terms``), as ``t`` says it."""
    return _french(text)


def _french(text: str) -> str:
    """``text`` (French, its fields not yet put in) in the words of the page's rule set."""
    for pattern, word in _TERMS.get(g.get("mj_rules"), ()):
        text = pattern.sub(word, text)
    return text


def t(text: str, **fields) -> str:
    out = _french(FR.get(text, text)) if lang() == "fr" else text
    out = _plural(out, fields.get("n"))
    if fields and lang() == "fr":
        out = _elide(out, fields)
    return out.format(**fields) if fields else out


_PLURAL_MARK = re.compile(r"\((e?s)\)")


def _plural(text: str, n) -> str:
    """``text``'s "(s)" marks settled by the count ``n``: "1 hand", "2 hands"; French takes the
    singular for 0 and 1 as well ("0 main", "1 main", "2 mains"). Left as they are when ``n`` is
    not a whole number (a figure already written, or no count)."""
    if not isinstance(n, int) or isinstance(n, bool):
        return text
    singular = abs(n) < 2 if lang() == "fr" else n == 1
    return _PLURAL_MARK.sub("" if singular else r"\1", text)


_VOWEL_START = re.compile(r"[aeiouyhàâäéèêëîïôöùûü]", re.IGNORECASE)


def _elide(french: str, fields: dict) -> str:
    """French elision before a name put in: "l'écart de {player}" with Alice reads "l'écart
    d'Alice"."""
    for name, value in fields.items():
        if isinstance(value, str) and _VOWEL_START.match(value):
            french = french.replace(f" de {{{name}}}", f" d'{{{name}}}")
    return french


def t_page(text: str, **fields):
    """:func:`t` for the templates: the text (trusted: the tables above have no markup) is not
    escaped, the fields put into it are ("on Bob's discard", "Ann & Bob" both as written)."""
    from markupsafe import Markup
    french = lang() == "fr"
    out = _french(FR.get(text, text)) if french else text
    out = _plural(out, fields.get("n"))
    out = Markup(_elide(out, fields) if fields and french else out)
    return out.format(**fields) if fields else out


#: What the numbers of a rule set's sources stand for (a learner saw "002 §4.1.1" and "000 n°18"
#: behind every "source" link and never the documents' names).
SOURCE_LEGEND = {
    "mcr": "Sources: 000 is « Mah Jong International », the MCR rules (n° marks a fan's number); 001 the FFMJ's MCR rules, with remarks and worked totals.",
    "riichi": "Sources: 002 is the EMA riichi rules, 2016 edition, in their French translation (§ marks a section number).",
    "hk": "Sources: 004 is « Mah-Jongg, le jeu cantonais », the Hong Kong old-style rules (1B, 2A... its faan entries).",
    "classical": "Sources: 003 is « Règles du mahjong », the classical French rules (how the game runs, and exposed sets worth half of concealed ones; it gives no table of points: the values come from the books after it); [B] Babcock's Rules for Mah-Jongg (1923); [M] Millington, The Complete Book of Mah-Jongg (1977); [W] mahjong.wikidot.com, Chinese Classical Scoring; [S] Sloper's Chinese special hands; [L] mark.random-article.com (Special Limit Hands).",
}


def source_legend(rules: str | None) -> str:
    """The line that names the sources' documents under a score of ``rules`` ("" for none)."""
    return t(SOURCE_LEGEND[rules]) if rules in SOURCE_LEGEND else ""


def unit_word(unit: str, n) -> str:
    """A unit after the figure ``n``, in the page's language: singular for one ("1 point"; the
    pages said "1 points")."""
    return t(unit_for(unit, n))


def assumed_value(key: str) -> str:
    """The value a context key not given was scored with, as words ("East", "no", "none" for no
    liable player); "" for none."""
    from scorer.context import CONTEXT_KEYS, default_of
    if key not in CONTEXT_KEYS:
        return ""
    value = default_of(key)
    if key == "liable_player" and value is None:
        return t("none")      # "Assumed (not given): liable player" read as a sentence cut short
    return "" if value is None or value == () else context_value(key, value)


def context_value(key: str, value) -> str:
    """A recorded hand's context value as words (the hand page): yes or no, a wind's name, a
    seat, tiles by their codes, a number as it is."""
    if isinstance(value, bool):
        return t("yes") if value else t("no")
    if key in ("seat_wind", "round_wind"):
        return wind_name(str(value))
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return label(value) if isinstance(value, str) else str(value)


#: Tile names in French (the English ones: ``scorer.tiles.tile_name``).
SUITS_FR = {"m": "caractères", "p": "ronds", "s": "bambous"}
HONOURS_FR = {"1z": "vent d'Est", "2z": "vent du Sud", "3z": "vent d'Ouest", "4z": "vent du Nord",
              "5z": "dragon blanc", "6z": "dragon vert", "7z": "dragon rouge"}
BONUS_FR = {"1f": "prunier", "2f": "orchidée", "3f": "chrysanthème", "4f": "bambou (fleur)",
            "5f": "printemps", "6f": "été", "7f": "automne", "8f": "hiver"}


def _dora_tiles(codes: list) -> str:
    """The dora tiles as a page names them ("2 Bamboo", a beginner read "dora : 2s" as a code to
    learn); as codes on the command line, which speaks the notation typed there."""
    from flask import has_request_context
    return ", ".join(tile_label(c) for c in codes) if has_request_context() else " ".join(codes)


def tile_label(code: str | None) -> str:
    """A tile's name in the page's language (the hand's and the picker's tooltips)."""
    from .tile_svg import tile_label as english
    if lang() != "fr":
        return english(code)
    if code in (None, "back"):
        return "tuile face cachée"
    code = str(code)
    if code in HONOURS_FR:
        return HONOURS_FR[code]
    if code in BONUS_FR:
        return BONUS_FR[code]
    if len(code) == 2 and code[1] in SUITS_FR and code[0].isdigit():
        suit = SUITS_FR[code[1]]
        if code[0] == "0":
            return f"5 rouge ({suit})"
        return f"1 {suit[:-1]}" if code[0] == "1" else f"{code[0]} {suit}"      # one is singular: 1 bambou
    return "tuile inconnue" if code == "unknown" else code


#: The part of a hand an input error points at (``HandError.field``), as a player names it.
HAND_PARTS = {"concealed": "the standing tiles", "melds": "the melds", "winning_tile": "the winning tile",
              "bonus": "the flowers and seasons"}


def hand_part(field) -> str:
    """Where in the hand an input error is (``in {part}``): ``concealed`` → "the standing tiles",
    ``melds[0].tiles`` → "meld 1", as the review page numbers its melds."""
    m = re.match(r"(\w+)(?:\[(\d+)\])?", str(field))
    if m and m.group(1) == "melds" and m.group(2) is not None:
        return t("meld {n}", n=int(m.group(2)) + 1)
    if m and m.group(1) in HAND_PARTS:
        return t(HAND_PARTS[m.group(1)])
    return label(field)


def tile_count_warning(warnings: list) -> str | None:
    """The reading's warning that it found more or fewer tiles than a winning hand has, in the
    page's language, or None: the first thing to know when no hand could be built."""
    from vision.grouping.hand_reading import TILE_COUNT
    for w in warnings or []:
        text = w if isinstance(w, str) else str((w or {}).get("message", ""))
        if TILE_COUNT.match(text):
            said = msg(text)
            return said[:1].upper() + said[1:]     # a sentence of its own after the page's
    return None


def grid_warning(warnings: list) -> bool:
    """Whether the reading says its tiles lie in a grid, not as a hand (a tray, the calibration
    layout): the page then leads to the calibration, which such a photo may be meant for."""
    from vision.grouping.hand_reading import GRID
    return any(GRID.match(w if isinstance(w, str) else str((w or {}).get("message", ""))) for w in warnings or [])


#: A context key in a rule set's own words where the shared one (riichi's term) would mislead:
#: Hong Kong's ``renhou`` is 004's earthly hand, a win on the dealer's first discard, not
#: riichi's hand of man (004 3D, 8E, 8F; classical: scorer/classical/scoring.py).
RULE_LABELS = {
    "hk": {"tenhou": "heavenly hand (8E Tin Woo)", "renhou": "earthly hand (8F Dei Woo: on the dealer's first discard)",
           "double_kong": "Double Gong (3D: a second kong's replacement tile)",
           # the option names and choices as words a table reads (the page showed "moon ching", "same")
           "moon_ching": "count Moon Ching (1G: concealed hand)", "dok_ting": "count Dok Ting (1H: one chance)",
           "min_faan": "minimum faan to win", "max_faan": "faan limit",
           "odd_faan": "an odd faan above 4 pays", "same": "as the level below", "half": "half-way to the next",
           "kong_discarder_pays_triple": "way (4): the kong's discarder pays three times"},
    # the limit hands as [L] names them, without riichi's Japanese (a classical family read "(tenhou)")
    "classical": {"tenhou": "heavenly hand", "chiihou": "earthly hand, self-drawn",
                  "renhou": "earthly hand, on a discard"},
    # 002 §4.2.4-4.2.5 names them; the Japanese word alone meant nothing to a learner
    "riichi": {"tenhou": "blessing of heaven (tenhou)", "chiihou": "blessing of earth (chiihou)",
               "renhou": "blessing of man (renhou)"},
}


#: A context key and a rule option of one name, both shown on the review page, each said its own
#: way: two boxes labelled "red fives" read as one asked twice.
#: (a box "red fives in this hand" read as "I have red fives", not as counting them as dora)
KIND_LABELS = {("context", "red_fives"): "red fives count as dora in this hand",
               ("option", "red_fives"): "red fives count as dora in every hand"}


def label(name, rules: str | None = None, kind: str | None = None) -> str:
    """A context key, option or choice as words: ``self_drawn`` → "self drawn" (or French); in
    ``rules``' own words where they differ (``RULE_LABELS``); ``kind`` ("context" or "option")
    where a key of one name is both (``KIND_LABELS``)."""
    if name is None:
        return ""
    text = KIND_LABELS.get((kind, str(name))) or RULE_LABELS.get(rules or "", {}).get(str(name)) \
        or LABELS.get(str(name), str(name).replace("_", " "))
    return t(text)


def page_rules(ctx) -> str | None:
    """The rule set a template's page is about: its ``rules``, its game's or its result's; None
    for a page of no one rule set."""
    for holder in (ctx, ctx.get("game"), ctx.get("result")):
        value = holder.get("rules") if hasattr(holder, "get") else getattr(holder, "rules", None)
        if isinstance(value, str):
            return value
    return None


@pass_context
def _page_label(ctx, name, rules: str | None = None, kind: str | None = None) -> str:
    """``label`` in a template: the rule set is the page's (its ``rules``, its game's or its
    result's) unless given."""
    return label(name, rules if rules is not None else page_rules(ctx), kind)


def form_label(form) -> str:
    """The form a hand is read as (``seven_pairs``, ``standard``...) as words, in the page's language."""
    return t(FORMS.get(str(form), str(form).replace("_", " ")))


_SOURCE_NAMED = re.compile(r"^(?:mji|ffmj\w*|pymahjong\w*|\d{3})$")


#: What a choice named after its source does, in a few words for its menu (the option's help says
#: it whole): "variant B" alone left a player to open the source to choose (scorer/mcr options).
CHOICE_SUMMARIES = {
    ("kong_pair_values", "mji"): "no combined fan", ("kong_pair_values", "ffmj2013"): "combined fan 6",
    ("kong_pair_values", "pymahjonggb"): "combined fan 5",
    ("nine_gates", "mji"): "full flush and terminal pungs not counted", ("nine_gates", "ffmj2013"): "terminal pungs counted",
    ("nine_gates", "pymahjonggb"): "one terminal pung not counted",
    ("knitted_straight_wait", "ffmj2013"): "no wait fan on the knit's tiles",
    ("knitted_straight_wait", "pymahjonggb"): "wait fan when the knit holds its own copy",
}


#: Choices named by a bare letter, as a table reads them (Hong Kong's flower methods showed
#: "none A B C D" in their menu; 004 « Pointage pour les Fleurs »).
CHOICE_LABELS = {
    ("flower_method", "none"): "none (played without flowers)",
    ("flower_method", "A"): "A: each flower 1 faan, or 1 for none",
    ("flower_method", "B"): "B: each flower of the round, 1 faan",
    ("flower_method", "C"): "C: each flower of the seat, 1 faan",
    ("flower_method", "D"): "D: round and seat flower, 2 faan",      # whole in a phone's menu
    # 004 « Payer le gagnant »'s ways by their numbers, as the help under the menu gives them (the
    # menu said "discarder", « donneur de l'écart » in French, beside the help's « l'écarteur »)
    ("payment", "discarder"): "(1) the discarder alone",
    ("payment", "discarder_double"): "(2) the discarder alone, twice",
    ("payment", "discarder_and_half"): "(3) the discarder, and the others half",
}


def choice_label(value, index: int, option: str | None = None, rules: str | None = None) -> str:
    """An option's choice as words (in ``rules``' own words where they differ); a choice named
    after its source ("ffmj2013") becomes "variant B", with what it does where ``option`` is given
    ("variant B: combined fan 6"; the source is behind the option's "source" link)."""
    if (option, str(value)) in CHOICE_LABELS:
        return t(CHOICE_LABELS[option, str(value)])
    if _SOURCE_NAMED.match(str(value)):
        variant, summary = _source_variant(value, index, option, t)
        return f"{variant}{colon()} {summary}" if summary else variant
    return label(value, rules)


def _source_variant(value, index: int, option: str | None, tr) -> tuple[str, str | None]:
    """A choice named after its source as "variant B" (``index``: its place among the option's
    choices), and what it does (``CHOICE_SUMMARIES``), in ``tr``'s language."""
    summary = CHOICE_SUMMARIES.get((option, str(value)))
    return tr("variant {n}", n="ABCDEFGH"[index % 8]), tr(summary) if summary else None


def wind_name(code: str) -> str:
    return t(WINDS.get(code, code))


def split_source(text: str) -> tuple[str, str | None]:
    """``(text without its source reference, the reference or None)``."""
    if not text:
        return "", None
    refs = _SOURCE.findall(text)
    clean = _SOURCE.sub("", text).strip()
    if not refs and _SOURCE_WORDS.search(text):
        return re.sub(r"\s{2,}", " ", _SOURCE_WORDS.sub("", text)).strip(" ,;:"), text
    return clean, ("; ".join(refs) if refs else None)


def strip_citation(text: str) -> str:
    return split_source(text)[0]


def fan_name(item: dict) -> str:
    """A fan or yaku in the page's language (its original Chinese or Japanese name is shown beside)."""
    if lang() == "fr" and item.get("name_fr"):
        return item["name_fr"]
    return item.get("name_en") or item.get("id", "")


def fan_definition(rules: str, item: dict) -> str:
    """What a scored item asks of a hand, in the page's language: the rule set's words as they are
    now (a stored score keeps those of its day, or none), the score's own for an item the rule set
    no longer names; "" for an item without one."""
    english, french = item_definition(rules, item.get("id", "")) or (item.get("definition", ""),
                                                                      item.get("definition_fr", ""))
    return (french or english) if lang() == "fr" else english


def fu_meaning(entry: dict) -> str:
    """What a minipoint line of a riichi score asks of a hand, in the page's language (002 §4.1.1,
    ``scorer.riichi.names.FU_DEFINITIONS``): "Double value pair 4" alone left a beginner to find
    out that it is 2 for the seat wind and 2 for the round wind. "" for a line without one."""
    english, french = fu_definition(entry) or ("", "")
    return french if lang() == "fr" else english


#: The score sheet's CSV in French (gamelog.export_csv): its column names, kinds of hand and winds.
CSV_WORDS_FR = {
    "hand": "main", "kind": "type", "round_wind": "vent du tour", "dealer": "croupier", "honba": "honba",
    "riichi_sticks": "bâtonnets de riichi", "winner": "gagnant", "discarder": "donneur de l'écart",
    "offender": "fautif", "notation": "notation", "points": "points", "faan": "fan", "riichi": "riichi",
    "tenpai": "tenpai", "change": "variation", "total": "total", "note": "note", "rank": "rang",
    "player": "joueur", "uma": "uma", "penalty": "pénalité", "score": "score", "false_win": "faux Mah-jong",
    "deal": "donne", "scoring": "décompte", "liable": "responsable", "won_by": "gagné",
    "self_draw": "sur pioche", "discard": "sur écart", "robbing_kong": "en volant le kong", "kong_replacement": "sur la tuile de remplacement du kong", "reward": "gain (points)", "counters": "compteurs", "others_hands": "mains des autres",
    "chombo": "chombo", "money": "argent", "payer": "payeur", "payee": "bénéficiaire", "amount": "montant", "pot": "pot",
    "leftover_sticks": "bâtonnets restants", "played_by": "joué par", "win": "victoire", "draw": "main nulle", "end": "fin de partie",
    "E": "Est", "S": "Sud", "W": "Ouest", "N": "Nord",
}


#: Who pays, in French, as the subject of "paie 700 au gagnant" (the roles of ``Payment.payer``).
PAYERS_FR = {"left": "le joueur de gauche", "across": "le joueur d'en face", "right": "le joueur de droite",
             "discarder": "le donneur de l'écart", "other": "un autre joueur", "dealer": "le croupier",
             "non-dealer": "un autre joueur que le croupier", "table": "la table"}


def payer_label(role) -> str:
    """Who pays in a settlement row: in French with its article ("le joueur de droite paie"),
    in English the role as words."""
    if lang() == "fr" and str(role) in PAYERS_FR:
        # in the rule set's words: « le donneur de l'écart paie » beside « seul l'écarteur paie »
        # on a Hong Kong page
        return _french(PAYERS_FR[str(role)])
    return label(role)


def payment_rows(payments) -> list[dict]:
    """A score's settlement rows, each with its payer as said (``scorer.result.others_merged``:
    the others who pay alike, unnamed, are one row)."""
    said = others_merged([Payment(p["payer"], p["amount"], p.get("reason", "")) for p in payments])
    return [{**p.to_dict(), "payer_text": t(MERGED_PAYER_WORDS[p.payer]) if p.payer in MERGED_PAYER_WORDS
             else payer_label(p.payer)} for p in said]


#: What each correction of the review page (review.js ``step``) did, as a player reads it.
CORRECTIONS = {
    "replace": "{from} corrected to {to}", "add": "{to} added", "delete": "group {group} removed ({tiles})",
    "dissolve": "group {group} broken up", "conceal": "group {group} marked concealed",
    "expose": "group {group} marked exposed", "from": "group {group} claimed from {from}",
    "added": "group {group} marked a kong added to a claimed pung",
    "to_standing": "{tiles} put back in the standing row", "meld": "{tiles} made a meld",
    "remove_tiles": "{tiles} removed", "undo": "a change undone", "redo": "a change redone", "remove": "{tile} removed",
    "winning": "{tile} marked as the winning tile", "move": "{tile} moved", "clear": "every tile cleared",
    "notation": "hand typed: {typed}",
}


def correction_text(change) -> str:
    """A recorded correction (a dict: ``op`` and its values) in the page's language; one this
    version does not know is shown as recorded."""
    import json
    text = CORRECTIONS.get(change.get("op")) if isinstance(change, dict) else None
    if text is None:
        return json.dumps(change, ensure_ascii=False, sort_keys=True)
    group = change.get("group")
    # a tile by its name, as the review page's undo says it ("7z corrected to 6z" on a hand's page)
    tile = change.get("op") == "replace"
    fields = {"from": tile_label(change.get("from")) if tile else label(change.get("from")),
              "to": tile_label(change["to"]) if change.get("to") else "",
              "tiles": " ".join(change.get("tiles") or []),
              "group": group + 1 if isinstance(group, int) else "?",
              "tile": tile_label(change["tile"]) if change.get("tile") else "",
              "typed": change.get("text") or ""}
    return t(text, **fields)


#: The riichi yaku's French names by their English ones (a pao line names its yakuman).
_YAKU_FR = {names[0]: names[1] for names in YAKU_NAMES.values()}


def step_fields(fields: dict, french: bool) -> dict:
    """A payment line's named fields (``payment_steps``) in French where they are words: the
    yakuman a player is liable for by its French name, the player by the page's words."""
    if not french:
        return fields
    out = dict(fields)
    if "yaku" in out:
        out["yaku"] = _YAKU_FR.get(out["yaku"], out["yaku"])
    if "liable" in out:
        out["liable"] = PAYERS_FR.get(out["liable"], out["liable"])
    return out


def result_facts(result: dict, winner_pending: bool = False) -> list[str]:
    """The extra values of a score, as a player reads them (``winner_pending``: a game's hand
    whose winner is not chosen yet, scored as East's until then)."""
    out = []
    if "yakuman" in str(result.get("limit") or ""):
        pass            # counted by yakuman, not han and fu (002 §4.2): the limit below names it
    elif result.get("han") is not None and result.get("fu") is not None and not fu_counts(result):
        # 002 §4: « Pour les mains à cinq han ou plus les minipoints n'entrent plus en compte » (a
        # haneman showed "6 han · 20 fu" and its minipoints as if they counted)
        out.append(f"{result['han']} han")
        out.append(t("minipoints do not count from 5 han: the hand is paid by its han"))
    elif result.get("han") is not None and result.get("fu") is not None:
        # French says minipoints, as 002 does and the page's other lines do (a chip said "fu" beside them)
        out.append(t("{han} han · {fu} fu", han=result["han"], fu=result["fu"]))
        counted = fu_before_rounding(result)
        if counted:
            out.append(t("{counted} fu rounded up to {fu}", counted=counted, fu=result["fu"]))
        elif result["fu"] == 25:
            # 002 §4.1.1: « une main de sept paires, la main vaut 25 minipoints et on ne fait pas
            # d'arrondi »
            out.append(t("seven pairs: 25 fu, not rounded up"))
    if result.get("dora_tiles") and result.get("dora_indicators"):
        # the indicators as they were read, beside the dora: a typo ("P 10m" for "P 1m") was read as a
        # 1m and a red 5m, and only the dora said so
        out.append(dora_words(_dora_tiles(result["dora_tiles"]), _dora_tiles(result["dora_indicators"]),
                              len(result["dora_indicators"]), result.get("dora_held"), t))
    elif result.get("dora_tiles") and not result.get("dora_held"):     # a score kept before it said them
        out.append(t("dora: {tiles} (the tile after each indicator): none in the hand",
                     tiles=_dora_tiles(result["dora_tiles"])))
    elif result.get("dora_tiles"):
        # a learner saw "Dora 2s 2s 1×2" with nothing tying it to the 1s shown as indicator
        out.append(t("dora: {tiles} (the tile after each indicator): {n} in the hand",
                     tiles=_dora_tiles(result["dora_tiles"]), n=result["dora_held"]))
    if result.get("rules") == "riichi":
        # how the han and fu make the payments (002 §4.1.2), for a player learning to count them
        out += [t(text, **{k: v if isinstance(v, str) else number(v)
                           for k, v in step_fields(fields, lang() == "fr").items()})
                for text, fields in payment_steps(result)]
        if result.get("hand_value") is not None and result.get("points") not in (None, result["hand_value"]):
            # the chain above ends at the hand's value; the total received adds the counters and the
            # sticks on the table (a learner read "2,900 received" beside a chain ending at 2,600)
            # the sticks only where the score took them (a game pays its sticks apart: its hands' page said
            # "with the counters and riichi sticks" of a figure that held no stick)
            sticks = any(p.get("payer") == "table" for p in result.get("payments") or [])
            out.append(t("{value} for the hand, {points} with the counters and riichi sticks on the table" if sticks
                         else "{value} for the hand, {points} with the counters on the table",
                         value=number(result["hand_value"]), points=number(result["points"])))
        if result.get("net_gain") is not None:
            # as the sum it is: the sentence alone left a learner to find what the 1,000 was taken from
            out.append(t("{net} net: {points} received, less the 1,000 the winner put down for riichi",
                         net=number(result["net_gain"]), points=number(result["points"])))
    if result.get("faan") is not None and result.get("faan_counted", -1) != result["faan"]:
        # the faan found, where the cap takes some off: said as such ("14 faan" beside a total of 13 read
        # as a contradiction)
        out.append(t("{n} faan found", n=result["faan"]))
    if result.get("faan_counted") is not None and result.get("points") is not None:
        # the total already says the faan: how they are paid (004, the reward table)
        out.append(t("reward: {n} point(s) for {faan} faan", n=result["points"], faan=result["faan_counted"]))
        if odd_faan_paid_as_below(result.get("rules"), result["faan_counted"], result.get("options")):
            out.append(t("an odd faan above 4 pays as the faan below it"))
        if result["faan_counted"] == 0:
            # an empty pattern table above "1 point for 0 faan" told a learner nothing (004 leaves the
            # base and any minimum to the table: options base_points and min_faan)
            out.append(t("no faan pattern in this hand: a win of 0 faan is paid the base the table agreed "
                         "(the house rule “base points”); many tables ask a minimum of faan to win (the house rule "
                         "“minimum faan to win”)"))
    raw = uncapped_score(result)
    if raw is not None:
        # "× 2^3 doubles" read as code to a learner: in words, as the rules say it (003)
        out.append(t("{base} base points doubled {doubles} time(s) = {raw}", base=result["base_points"],
                      doubles=result["doubles"], raw=number(raw), n=result["doubles"]))
        if result.get("limit_reached"):
            out.append(t("capped at the limit of {limit}", limit=number(result["limit"])))
    elif result.get("limit_hand"):
        out.append(t("a limit hand: scores the limit, {limit}", limit=number(result["limit"])))
    elif result.get("limit"):
        out.append(t("limit hand: {limit}", limit=msg(result["limit"])))
    if result.get("rules") in ("classical", "hk") and isinstance(result.get("received"), (int, float)) \
            and result["received"] != result.get("points" if result["rules"] == "hk" else "total"):
        # the hand's score is not what the winner is paid: a family read "272 points" beside a
        # game row of +1,632 (East double, three payers); the settlement below itemises it
        out.append(t("the winner receives {n} in all", n=number(result["received"])))
    if result.get("minimum_points") is not None:
        out.append(t("minimum {n} points: met" if result.get("minimum_met") else "minimum {n} points: not met",
                     n=result["minimum_points"]))
        if not result.get("minimum_met") and result.get("flowers") and result.get("total_without_flowers") is not None:
            # "8 points · minimum 8 points: not met · 2 flowers" read as a contradiction: the minimum
            # is counted without the flowers (000 n°13 « ne compte pas pour le minimum »)
            out[-1] += " (" + t("{n} point(s) without flowers", n=result["total_without_flowers"]) + ")"
    if result.get("flowers"):
        out.append(t("{n} flower(s)", n=result["flowers"]))
    if result.get("dealer") is True:
        # a seat wind not given is East's: a beginner who never set it is paid as the dealer
        out.append(t("no winner chosen yet: scored as East, the dealer") if winner_pending
                   else t("seat wind not given: scored as East, the dealer") if "seat_wind" in (result.get("assumed") or [])
                   else t("Dealer"))
    return out


#: The reader's warning on tiles too small to be read surely (mjtable.pipeline.score_tiles).
SMALL_TILES = re.compile(r"the tiles are about (\d+) pixels across in the photo, too small")
#: vision.grouping.table.NO_FACE_UP, which the review page says as a question of its own (#no-face-up)
NO_FACE_UP_NOTE = ("no face-up tile found in the photo: take another one, with the tiles face up, lit, sharp (the "
                   "phone held still) and filling most of the picture, or type the hand")


#: The reading's warning when a tile was set apart but another reading of the photo wins on
#: another tile (``vision.grouping.interpretations.describe_alternative``).
MAYBE_NOT_WINNING = "the tile set apart may not be the winning tile"


def winning_question(variant: str, winning_matters: bool | None) -> str:
    """The review page's question of which tile won: ``variant`` "apart" where the photo set a
    tile apart, "not_apart" where ★ marks the rightmost; ``winning_matters`` whether another
    tile taken as the winning one scores otherwise (None: no tile makes a hand that scores).
    Asked again as the hand's winner and discarder are chosen (review.score): worked out as the
    photo was read, it said "any of them scores the same" of a West winner's hand whose 1m and 3z
    scored 1,900 and 1,600."""
    if variant == "apart":
        # a tile was set apart: "No tile was set apart in the photo" said the opposite of the
        # photo, and ★ marks that tile, whatever its place
        return (t("Which tile won? ★ marks the tile set apart, which may not be the one that won; tap another, "
                  "then ★, if it won.") if winning_matters else
                t("★ marks the tile set apart as the winning tile; another may have won. Here any of them scores "
                  "the same.") if winning_matters is not None else
                t("★ marks the tile set apart as the winning tile; another may have won."))
    # said even where any tile scores the same: the ★ is a guess, not what the photo showed (a
    # beginner took it for the reader's reading); None: no tile makes a hand that scores, so none
    # "scores the same" (said under "no complete hand could be built")
    return (t("Which tile won? ★ marks the rightmost; tap another, then ★, if it won.") if winning_matters else
            t("No tile was set apart in the photo: ★ marks the rightmost as the winning tile. Here any of them "
              "scores the same.") if winning_matters is not None else
            t("No tile was set apart in the photo: ★ marks the rightmost as the winning tile."))


def review_questions(warnings: list, *, winning_matters: bool = True, hand_found: bool = True) -> list[dict]:
    """The reader's warnings that ask the player something, each as one short question, and only
    where the answer changes the result: which tile won when another one would score otherwise,
    whether the photo is upside down when no hand could be built from it, what to do with a
    tile whose face no code names, and to check every tile of a photo whose tiles are too small
    to be read surely (under 22 px, low-angle scenes read about 60 % of their tiles:
    ``mjtable.pipeline.SMALL_TILES_PX``)."""
    asks, seen = [], set()
    texts = [w if isinstance(w, str) else str((w or {}).get("message", "")) for w in warnings]
    # a photo read the other way has as many tiles: with a tile too many or too few, turning it
    # mends nothing (a kong standing in the row got "Upside down?" beside the count)
    miscounted = any("where a winning hand has" in text for text in texts)
    for text in texts:
        small = SMALL_TILES.match(text)
        light = next((kind for kind, opening in PHOTO_FAULTS.items() if text.startswith(opening)), None)
        if light and light not in seen:
            # a photo out of focus, too dark or too bright (or cutting tiles), said only among the notes folded in the
            # photo's dialog, where a player did not look: asked above the hand, with what to do
            seen.add(light)
            asks.append({"kind": light, "text": t(LIGHT_QUESTIONS[light])})
        elif small and "small" not in seen:
            seen.add("small")
            asks.append({"kind": "small", "text": t("The tiles are small in this photo (about {n} pixels across): "
                                                    "some may be misread. Check each tile, or take the photo closer.",
                                                    n=small.group(1))})
        elif text.startswith(MAYBE_NOT_WINNING) and "apart" not in seen:
            seen.add("apart")
            asks.append({"kind": "winning", "variant": "apart", "text": winning_question("apart", winning_matters)})
        elif "not set apart" in text and "apart" not in seen:
            seen.add("apart")
            asks.append({"kind": "winning", "variant": "not_apart",
                         "text": winning_question("not_apart", winning_matters)})
        elif "no tile code names" in text and "unknown" not in seen:
            seen.add("unknown")
            asks.append({"kind": "unknown", "text": t("A tile shows a face no tile code names (a joker, or a tile of "
                                                      "another game), marked ? on the photo: it is left out. If it "
                                                      "belongs to the hand, add its tile with “+ Tile”.")})
        elif "upside down" in text and "flip" not in seen and not hand_found and not miscounted:
            seen.add("flip")
            asks.append({"kind": "flip", "text": t("Upside down? The photo could be read from the other side: "
                                                   "set the winning tile apart and take it again.")})
    return asks


#: What a photo's fault asks of the player, above the hand (``review_questions``).
LIGHT_QUESTIONS = {
    "blurred": "The photo looks out of focus: some tiles may be misread. Check each tile, or take it again, "
               "holding the phone still and tapping the tiles on the screen to focus.",
    "dark": "The photo is very dark: some tiles may be missed or misread. Check each tile, or take it again "
            "in more light.",
    "washed": "The photo is washed out (too bright): some tiles may be missed or misread. Check each tile, or "
              "take it again out of direct light or without the flash.",
    "noisy": "The photo is grainy (noise from dim light): some tiles may be missed or misread. Check each tile, or "
             "take it again in more light.",
    "cut": "The photo's edge cuts some tiles: part of their faces is outside it, so they may be misread. Check each "
           "tile, or take the photo again with the whole tiles in it.",
}


def change_place(where: str | None) -> str:
    """Where the hand-consistency decoding changed a tile ("winning", "concealed[7]",
    "melds[1].tiles[2]", "dora[0]"), in words of the page's language."""
    from scorer.consistency import place_words
    return place_words(where, t)


#: The openings of the reading's warnings of a photo too soft, too dark, too bright, grainy or cutting
#: tiles (``mjtable.pipeline``'s BLURRED_PHOTO, DARK_PHOTO, WASHED_PHOTO, NOISY_PHOTO and EDGE_CUT_PHOTO), by the kind of question they raise on the review page: matched
#: by their words, the pages being served where the reading pipeline is not installed.
PHOTO_FAULTS = {"blurred": "the photo looks out of focus", "dark": "the photo is very dark",
                "washed": "the photo is washed out", "noisy": "the photo is grainy", "cut": "the photo's edge cuts"}


def review_notes(warnings: list, asked=()) -> list[str]:
    """The other warnings, kept with the photo for whoever wants them. ``asked``: the kinds of
    ``review_questions`` on the page; the note that the photo could be read upside down is left
    out when the player is asked which tile won (what settles the reading's direction: every photo
    whose winning tile is not set apart carried the note) or whether it is upside down."""
    out = []
    for w in warnings:
        text = w if isinstance(w, str) else str((w or {}).get("message", ""))
        if "not set apart" in text or SMALL_TILES.match(text):
            continue
        if text == NO_FACE_UP_NOTE:
            continue        # the page asks it itself (#no-face-up), with what to do
        if "upside down" in text and {"winning", "flip"} & set(asked):
            continue
        if any(kind in asked and text.startswith(opening) for kind, opening in PHOTO_FAULTS.items()):
            continue        # asked above the hand already
        out.append(msg(text))
    return out


def no_tiles_reason(warnings: list, asked=()) -> str | None:
    """Why a photo gave no tiles, where the reader said more than that none were found (a photo
    of 20 × 20 pixels, too small to hold a hand): the first of ``review_notes`` other than that
    none were found. It was kept with the photo, in a dialog no player had reason to open, under
    "No tiles were found in the photo"."""
    from vision.grouping.table import NO_TILES
    found_none = msg(NO_TILES)
    return next((note for note in review_notes(warnings, asked) if note != found_none), None)


#: The review script's texts (review.js), in the page's language.
JS_TEXTS = ["No tiles yet: add them with “+ Tile”, or type the hand.",
            "No winning tile written apart: the last tile written, {tile}, is taken as the winning tile (★). Write the winning tile after a space, or mark ★ on another tile.", "Concealed kong", "Cannot be recorded as a win:", "Reload",
            "Choose who won, and on whose discard.", "provisional: the winner and the discarder are not chosen yet",
            "Choose who won, and on whose discard: as scored for East on a discard, {reason}.",
            "Choose on whose discard: as scored for now (self-drawn), {reason}.",
            "Clear the whole hand?", "Undo the last change?", "Record it so?",
            "Delete this meld?", "Add a tile", "Add to", "Move to", "{n} tile(s) in the hand", "Correct {code}", "the base model read {code}", "the reader's best guesses", "Standing tiles",
            "Flowers and seasons", "Meld {n}: {name}", "a new meld", "exposed", "concealed", "claimed from…", "left",
            "across", "right", "↩ to standing", "Delete", "{n} selected", "pung", "chow", "kong", "empty",
            "winning tile", "not a meld", "unsure: check it", "A meld is 3 or 4 tiles: a chow, a pung or a kong.",
            "A concealed kong is 4 identical tiles.", "the server could not be reached", "Record",
            "a chow is claimed from the player on the left only", "face down", "added to a claimed pung",
            "{tiles} removed", "{tiles} put back in the standing row", "{tiles} made a meld",
            "put back in the standing row", "Show in the hand: {pattern}: {tiles}", "Marked in the hand: {tiles}",
            "{meld}: {action}", "delete", "the claimed tile, sideways", "{tile} added",
            "a change undone", "a change redone", "Undo", "Redo", "Undo: {change}", "Redo: {change}",
            "Undone: {change}", "Redone: {change}",
            "Your tile set “{name}” learns from this hand's {n} correction(s).", "Taken back from your tile set “{name}”.",
            "Your tile set “{name}” is learning this hand's {n} correction(s) in the background (the machine is busy); a correction that would make other tiles of this photo read wrongly is left out.",
            "It does not learn {tiles} from it: other tiles of this photo, left as read, would then be read so.",
            "{n} corrected tile(s) read as lying sideways (half hidden, or seen at a slant, perhaps): your tile set learns only from tiles read upright.",
            "{n} tile(s) marked ? may be so too: correct them if they are.", "They are {code}",
            "★ stays on the {star} read from the photo. If the {added} you added won, make it the winning tile:",
            "★ on the {tile}", "This hand's changes could not be saved: {why}",
            "Your tile set “{name}” does not learn from this hand's correction(s): other tiles of this photo, left as read, would then be read as {tiles}.",
            "perhaps {code}, like the tile you corrected: check it"]


#: The photo page's script texts (capture.js).
CAPTURE_TEXTS = ["this browser gives no camera here (browsers allow it on localhost or HTTPS); use the photo button "
                 "above, which opens the phone's camera", "the camera could not be opened:", "no webcam on the server",
                 "Looking… {n} tiles in view", "Same hand for {s} s: {hand}", "not a winning hand", "Review {hand}",
                 "choose or take a photo first", "Uploading…", "Reading the tiles…", "Preparing the photo…",
                 "the upload failed (is the server running?)", "the server answered {status}",
                 "the camera was refused: allow it in the browser's site settings, or use the photo button above",
                 "this device has no camera the browser can use",
                 "the camera is busy: another app or tab is using it",
                 "no camera here can film as asked; use the photo button above",
                 "the browser forbids the camera on this page (it needs localhost or HTTPS)",
                 "the server could not be reached (is it running?)",
                 "the camera stopped (the phone locked, or another app took it): start it again",
                 "The last hand kept (the view has changed since):",
                 "Live mode stopped: no new hand for 5 minutes. Tick it again to go on.",
                 "Looking… 1 tile in view", "the server did not answer in time (is it busy?)",
                 "the camera shows no picture yet"]


#: The calibration page's script texts (calibrate.js).
CALIBRATE_TEXTS = ["Learning your tiles…", "Cannot follow the build ({error}); saving still works.", "Done in {s} s.",
                   "The profile could not be built: {error}. Upload the photo again.", "This photo's profile was not built: a newer calibration photo, sent from another tab or window, replaced it. Go on there.", "Waiting for another profile to finish…",
                   "Waiting for another profile to finish ({p}% built)…",
                   "Loading the models… ({s} s)", "Checking what it learnt… ({s} s)",
                   "{p}% ({s} s, about {left} s left)",
                   "{p}% ({s} s, about {left} s left: slower than usual, this computer is busy with other work)",
                   "{p}% ({s} s)", "{p}%"]


def capture_text() -> dict:
    return {k: t(k) for k in CAPTURE_TEXTS}


def change_texts() -> dict:
    """The review page's sentence for each kind of correction (``CORRECTIONS``), for its Undo and
    Redo to say which change they take back or make again."""
    return {op: t(text) for op, text in CORRECTIONS.items()}


def js_text() -> dict:
    return {k: t(k) for k in JS_TEXTS}


def remember(response):
    """Keep a language chosen with ``?lang=`` on a page for the next pages (a CSV asked for in a
    language is not a choice of the site's); a page chosen by the browser's language says so to
    caches (Vary)."""
    if "mj_lang" in g and not request.args.get("lang") and not request.cookies.get(COOKIE):
        response.vary.add("Accept-Language")
    chosen = request.args.get("lang")
    # a page, not a download: a club fetching its CSV in English keeps its pages in French
    if chosen in LANGUAGES and request.cookies.get(COOKIE) != chosen and response.mimetype == "text/html":
        response.set_cookie(COOKIE, chosen, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)
    return response


def lang_url(code: str) -> str:
    """This page in another language (its address and query kept). The answer to a form (an
    error page after a POST) has no address of its own to ask for again: the page the form was
    sent from, as the error page's "Go back" (``navigation.back_url``)."""
    from urllib.parse import parse_qs, urlencode, urlsplit
    if request.method == "GET":
        path, args = request.path, request.args.to_dict(flat=False)
    else:
        from .navigation import back_url
        back = urlsplit(back_url())
        path, args = back.path, parse_qs(back.query)
    args["lang"] = [code]
    return path + "?" + urlencode(args, doseq=True)


_MONTHS = {"en": ("January", "February", "March", "April", "May", "June", "July", "August", "September",
                   "October", "November", "December"),
           "fr": ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
                  "novembre", "décembre")}


def day_words(iso: str | None, language: str | None = None) -> str:
    """A stored time as its day in words, in this machine's time zone (the table's): "4 December
    2026", « 4 décembre 2026 » (the PDF said "2026-12-04" beside the pages' « 4 déc. 2026 »)."""
    from datetime import datetime
    try:
        moment = datetime.fromisoformat(iso).astimezone()
    except (TypeError, ValueError):
        return iso or ""
    from flask import has_request_context
    months = _MONTHS.get(language or (lang() if has_request_context() else "en"), _MONTHS["en"])
    return f"{moment.day} {months[moment.month - 1]} {moment.year}"


def when(iso: str | None) -> str:
    """A stored UTC time (ISO 8601) as "2026-11-27 06:40 UTC"; the page's script shows it in the
    reader's own time zone (common.js, ``time.when``)."""
    from datetime import datetime, timezone
    try:
        moment = datetime.fromisoformat(iso).astimezone(timezone.utc)
    except (TypeError, ValueError):
        return iso or ""
    return moment.strftime("%Y-%m-%d %H:%M UTC")


# Figures are written as the page's language writes them (Unicode CLDR number symbols): 30,000
# and 12.5 in English; 30 000 (grouped by a narrow no-break space) and 12,5 in French, where
# "30,000" reads as thirty.
NUMBER_SYMBOLS = {"en": (",", "."), "fr": ("\u202f", ",")}


def number(value, signed: bool = False, decimals: int | None = None, language: str | None = None,
           latin1: bool = False) -> str:
    """``value`` as the page's language (or ``language``) writes figures: thousands grouped,
    its own decimal mark; ``signed``: "+1,000"; ``decimals``: default none, one for a value not
    whole (a Hong Kong half point: "+0.5"), nothing as "0" signed or not; ``latin1``: French grouped by a plain no-break
    space (the PDF's Helvetica has no narrow one). Anything not a number (an empty cell, a
    word) comes back as text, unchanged."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "" if value is None else str(value)
    if decimals is None:        # an int is whole (float() of a 400-digit id overflowed)
        decimals = 0 if isinstance(value, int) or float(value).is_integer() else 1
    if signed and round(value, decimals) == 0:
        signed = False  # a score of nothing is "0", not "+0" (a best game of 0) nor "-0"
        value = abs(value)
    group, point = NUMBER_SYMBOLS[language or lang()]
    if latin1 and group == "\u202f":
        group = "\u00a0"
    # a whole number kept whole: "f" goes through a float, and a game id past 2**53 was said wrong
    text = (f"{value:{'+' if signed else ''},}" if isinstance(value, int) and not decimals
            else f"{value:{'+' if signed else ''},.{decimals}f}")
    return text.translate({ord(","): group, ord("."): point})


def share_decimals(*values) -> int:
    """The decimals shared-out figures need, at most two, one count for a column of them so that
    its decimal marks line up: table points are whole numbers unless players level in a game
    share their places' points (1.5, 1.75, 2.33); "4.00" stood for a 4."""
    def need(value) -> int:
        value = float(value)
        return next(d for d in (0, 1, 2) if d == 2 or abs(round(value, d) - value) < 1e-9)
    return max((need(v) for v in values), default=0)


@pass_context
def _number_filter(context, value, *args, **kwargs) -> str:
    """``number`` as a template filter. Taking the context keeps Jinja from working out a
    constant figure (``{{ 1000|num }}``) once, in the language of the first page it compiled."""
    return number(value, *args, **kwargs)


def english_number(value, signed: bool = False, decimals: int | None = None) -> str:
    """:func:`number` in English, for what is written outside a page (tests, a default)."""
    return number(value, signed, decimals, language="en")


def names_and(seats, players) -> str:
    """Players named in a sentence: "Ann", "Ann and Bob", "Ann, Bob and Cy" (the page's language)."""
    names = [players[s] for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return t_page("{a} and {b}", a=", ".join(names[:-1]), b=names[-1])


def house_rules_variant_text(rules: str, variant: dict, tr=None, write=None) -> str:
    """One group of games of the standings' ``house_rules`` (options, flow figures, flags) in words:
    "limit: 300, tournament"; "no house rules" when it keeps every default (the page and
    ``mjtable games --standings`` say it alike)."""
    tr = tr or t
    said = house_rules_text(rules, variant["options"], tr=tr, flow=variant.get("flow"), write=write)
    flags = [tr("tournament") if f == "tournament" else tr("half game") for f in variant.get("flags") or []]
    return ", ".join(x for x in [said, *flags] if x) or tr("no house rules")


def house_rules_text(rules: str, options: dict | None, tr=None, flow: dict | None = None, write=None) -> str:
    """A game's house rules (``webui.scoring.house_rules``, and the figures of its ``flow``
    options: riichi's starting points and uma) in words, in ``tr``'s language (default the
    page's), figures written by ``write`` (default ``number``): "house rules (limit: 300,
    flowers: no)"; "" when the game keeps every default."""
    from flask import has_request_context
    from .scoring import house_rules
    tr = tr or t
    write = write or number
    sep = colon() if has_request_context() and tr is t else ":"

    parts = [f"{option_words(rules, name, tr)}{sep} {option_words(rules, value, tr, name)}"
             for name, value in house_rules(rules, options)]
    flow = flow or {}
    if flow.get("start_points") is not None:
        parts.append(f"{tr('starting points')}{sep} {write(flow['start_points'])}")
    if flow.get("uma") is not None:
        parts.append(f"{tr('uma')}{sep} {' / '.join(write(a, signed=True) for a in flow['uma'])}")
    return f"{tr('house rules')} ({', '.join(parts)})" if parts else ""


def option_words(rules: str, value, tr=None, option: str | None = None) -> str:
    """An option's name or value as words in ``tr``'s language (default the page's): yes or no,
    a choice's label (of ``option``: a choice named after its source is "variant B", as the
    option's form names it), a number as it is."""
    tr = tr or t
    if (option, value) in CHOICE_LABELS:
        return tr(CHOICE_LABELS[option, value])
    if option and isinstance(value, str) and _SOURCE_NAMED.match(value):
        from .scoring import option_fields
        choices = next((f["choices"] or [] for f in option_fields(rules) if f["name"] == option), [])
        variant, summary = _source_variant(value, choices.index(value) if value in choices else 0, option, tr)
        return f"{variant} ({summary})" if summary else variant
    if isinstance(value, bool):
        return tr("yes") if value else tr("no")
    if isinstance(value, str):
        return tr(RULE_LABELS.get(rules or "", {}).get(value) or LABELS.get(value, value.replace("_", " ")))
    return "—" if value is None else str(value)


def quoted(text: str) -> str:
    """``text`` in the page's quotation marks: « text » in French, “text” otherwise."""
    from flask import has_request_context
    return f"« {text} »" if has_request_context() and lang() == "fr" else f"“{text}”"


#: Classical play's losers settle among themselves too, which no figure of mjtable counts (003 and
#: [B]: webui/words.py, "the dealer, or banker"): said under a classical score, game, sheet and PDF.
LOSERS_SETTLE = ("In full classical play the other three also settle among themselves, each paying each other the "
                 "difference of their own hands' points: a game's win form takes their hands' points (The others' "
                 "hands); a hand recorded without them pays the winner alone.")


def colon() -> str:
    """The colon after a label: French puts a space before it."""
    return " :" if lang() == "fr" else ":"


def init_app(app) -> None:
    app.jinja_env.globals.update(t=t_page, share_decimals=share_decimals, losers_settle=LOSERS_SETTLE, label=_page_label, house_rules_text=house_rules_text, house_rules_variant_text=house_rules_variant_text, option_words=option_words, wind_name=wind_name, context_value=context_value,
                                 assumed_value=assumed_value,
                                 strip_citation=strip_citation,
                                 split_source=split_source, fan_name=fan_name, fan_definition=fan_definition, fu_meaning=fu_meaning, payment_rows=payment_rows, result_facts=result_facts,
                                 review_questions=review_questions, review_notes=review_notes,
                                 change_place=change_place,
                                 page_lang=lang, languages=LANGUAGES, lang_url=lang_url,
                                 choice_label=choice_label, capture_text=capture_text,
                                 msg=msg, rule_title=rules_title, option_help=option_help,
                                 hand_part=hand_part, tile_count_warning=tile_count_warning, grid_warning=grid_warning, no_tiles_reason=no_tiles_reason, when=when, colon=colon, names_and=names_and, correction_text=correction_text,
                                 form_label=form_label, payer_label=payer_label, item_note=item_note,
                                 unused_reason=unused_reason, unit_word=unit_word, source_legend=source_legend,
                                 source_text=source_text, french_quoted=french_quoted, native_name=native_name)
    app.jinja_env.filters["num"] = _number_filter
    # a form's label begins with a capital, as the others ("min faan" stood under "Rules")
    app.jinja_env.filters["first_upper"] = lambda text: text[:1].upper() + text[1:] if text else text
    app.after_request(remember)


# ---- messages from the scorer, vision and the input checks --------------------------------------
# The scorer and vision stay language-neutral: they answer English text and stable codes. On a
# French page a message is matched against these English patterns ({} holds a number, a tile, a
# field name...), and its French is built with the same values ({0}, {1}... in order). A message
# no pattern matches is shown by its code's French (CODES_FR); English pages show it as it is.
MESSAGES_FR = {
    # a reading's decoding, each tile at stake as the warnings of two readings name it, and the
    # places they name (mjtable read --lang fr kept them in English inside the French sentence)
    "{} (tile #{}): {} ({}) or {} ({})": "{0} (tuile n°{1}) : {2} ({3}) ou {4} ({5})",
    "{} (tile #{}, read {} ({})): {} ({}) or {} ({})": "{0} (tuile n°{1}, lue {2} ({3})) : {4} ({5}) ou {6} ({7})",
    "{} (tile #{}) read {} ({}), changed to {} ({})": "{0} (tuile n°{1}) lue {2} ({3}), changée en {4} ({5})",
    "standing tile {}": "tuile debout {0}", "meld {}, tile {}": "combinaison {0}, tuile {1}",
    # `mjtable read --correct N=CODE`: a correction refused, and what the corrections taught
    "{} is no tile code (1m-9m, 1p-9p, 1s-9s, 1z-7z, 0m/0p/0s for red fives, 1f-8f)":
        "{0} n'est pas un code de tuile (1m-9m, 1p-9p, 1s-9s, 1z-7z, 0m/0p/0s pour les cinq rouges, 1f-8f)",
    "there is no tile #{}: the photo's tiles are #0 to #{}": "il n'y a pas de tuile n°{0} : les tuiles de la photo vont du n°0 au n°{1}",
    "there is no tile #{}: no tile was found in the photo": "il n'y a pas de tuile n°{0} : aucune tuile n'a été trouvée sur la photo",
    "tile #{} is face down: only a face-up tile's code can be corrected":
        "la tuile n°{0} est face cachée : seul le code d'une tuile face visible peut être corrigé",
    "--correct {}: write the tile's number and its code, e.g. --correct 3=5m (tile #3 is a 5m)":
        "--correct {0} : écrivez le numéro de la tuile et son code, par exemple --correct 3=5m (la tuile n°3 est un 5m)",
    "corrected {} tile(s)": "{0} tuile(s) corrigée(s)",
    "read with the base model, no tile-set profile learns them (mjtable calibrate makes one of your tiles)":
        "la photo a été lue avec le modèle de base, aucun profil de jeu de tuiles ne les apprend (mjtable calibrate en crée un de vos tuiles)",
    "your tile set {} learnt {} of them": "votre jeu de tuiles {0} en a appris {1}",
    "the profile {} does not learn them (a profile's file, or one made before profiles learnt: calibrate your set again, and the saved profile learns)":
        "le profil {0} ne les apprend pas (le fichier d'un profil, ou un profil fait avant que les profils apprennent : "
        "calibrez de nouveau votre jeu, et le profil enregistré apprendra)",
    "not learnt: {} (learnt, it would make other tiles of this photo read wrongly)":
        "non apprise(s) : {0} (apprise, elle ferait mal lire d'autres tuiles de cette photo)",
    "not learnt, lying sideways: {} tile(s)": "non apprises, couchées : {0} tuile(s)",
    "your tile set {} could not learn them ({})": "votre jeu de tuiles {0} n'a pas pu les apprendre ({1})",
    "what this photo taught before ({} tile(s)) is replaced: give all its corrections at once":
        "ce que cette photo avait appris ({0} tuile(s)) est remplacé : donnez toutes ses corrections en une fois",
    "dora indicator {}": "indicateur de dora {0}", "the winning tile": "la tuile gagnante",
    "no winning form (4 sets and a pair, or a special hand)":
        "aucune forme gagnante (4 combinaisons et une paire, ou une main spéciale)",
    "no winning form (4 sets and a pair)": "aucune forme gagnante (4 combinaisons et une paire)",
    "the photo is only {} × {} pixels, too small to hold a hand's 14 tiles readably (about {} pixels across): send the photo at its full size, or take it again":
        "la photo ne fait que {0} × {1} pixels, trop peu pour montrer lisiblement les 14 tuiles d'une main (environ {2} "
        "pixels de large) : envoyez la photo en taille réelle, ou reprenez-la",
    "the image is fully transparent: it shows nothing to read": "l'image est entièrement transparente : elle ne montre rien à lire",
    # the context given over what the photo showed (mjtable.pipeline.score_tiles)
    "the dora indicators given ({}) replace those read from the photo ({})":
        "les indicateurs de dora donnés ({0}) remplacent ceux lus sur la photo ({1})",
    "no dora indicators were given: those read from the photo ({}) are not counted":
        "aucun indicateur de dora n'a été donné : ceux lus sur la photo ({0}) ne sont pas comptés",
    # why a false win pays what it pays (scorer.flow: false_win_reason, false_win_basis)
    "false win: {}": "faux Mah-jong : {0}",
    "10 points to each other player": "10 points à chacun des autres joueurs",
    "the reward of four faan to each other player": "la récompense de quatre fan à chacun des autres joueurs",
    "{} to each other player, mjtable's default: the rules set no penalty; the table may agree another amount":
        "{0} à chacun des autres joueurs, montant par défaut de mjtable : les règles ne fixent aucune pénalité ; la table peut convenir d'un autre montant",
    "the amount the table set": "le montant fixé par la table",
    "hand {} is the only one before the game's end: delete the end first (or the whole game); nothing was deleted":
        "la main {0} est la seule avant la fin de la partie : supprimez d'abord la fin (ou la partie entière) ; rien n'a été supprimé",
    "min_games must be a whole number from 1 to {}, not {}": "min_games doit être un nombre entier de 1 à {0}, pas {1}",
    "no hand was played in this game: it cannot end before its first hand (delete the game instead)":
        "aucune main n'a été jouée dans cette partie : elle ne peut pas finir avant sa première main (supprimez plutôt la partie)",
    "no hand was played in this game: it cannot end before its first hand (delete the game instead: mjtable record delete {} --yes)":
        "aucune main n'a été jouée dans cette partie : elle ne peut pas finir avant sa première main (supprimez plutôt la "
        "partie : mjtable record delete {0} --yes)",
    "{} must be a date written YYYY-MM-DD, not {}": "{0} doit être une date écrite AAAA-MM-JJ, pas {1}",
    "the first day ({}) is after the last ({})": "le premier jour ({0}) est après le dernier ({1})",
    "unknown ranking {}: total or table_points": "classement inconnu {0} : total ou table_points",
    "unknown rules {}: one of {}": "règles inconnues {0} : l'une de {1}",
    # said through msg(), which reads this table: in the page texts' table (FR) they stayed English on French pages
    "this photo does not look like the layout (the tiles in rows of 9, 9, 9 and 7, and 8 flowers and seasons, as the example picture shows): lay the tiles out so and take it again":
        "cette photo ne ressemble pas à la disposition (les tuiles en rangées de 9, 9, 9 et 7, et 8 fleurs et saisons, comme sur l'image d'exemple) : disposez les tuiles ainsi et reprenez la photo",
    "a profile named {} already exists (names differing in case or punctuation are one): remove it first, or choose another name":
        "un profil nommé {0} existe déjà (des noms qui ne diffèrent que par la casse ou la ponctuation n'en font qu'un) : "
        "supprimez-le d'abord, ou choisissez un autre nom",
    "{} is damaged ({})": "{0} est abîmé ({1})",
    "{} is damaged (its network's weights are not all numbers)":
        "{0} est abîmé (les poids de son réseau ne sont pas tous des nombres)",
    "the network's {} is {}, this classifier's {}": "le poids {0} du réseau est {1}, celui de ce classifieur {2}",
    "the network has no {}": "le réseau n'a pas de {0}",
    "the network's {} is no weight of this classifier's export": "{0} du réseau n'est pas un poids de l'export de ce classifieur",
    "a copy of a profile named {} is kept to be restored (mjtable calibrate --restore {}, or Restore on the calibration "
    "page), or removed: choose another name, or restore or remove it first":
        "une copie d'un profil nommé {} est conservée pour être rétablie (mjtable calibrate --restore {}, ou Rétablir sur "
        "la page d'étalonnage) ou supprimée : choisissez un autre nom, ou rétablissez-la ou supprimez-la d'abord",
    "a source of its examples is not a word": "une source de ses exemples n'est pas un mot",
    "its absent codes are not tile codes": "ses codes absents ne sont pas des codes de tuiles",
    "its date is not a date": "sa date n'est pas une date",
    "its examples are not tile crops: {}": "ses exemples ne sont pas des découpes de tuiles : {}",
    "its two networks differ in shape": "ses deux réseaux n'ont pas la même forme",
    "its tiles set aside do not match their crops": "ses tuiles mises de côté ne correspondent pas à leurs découpes",
    "--losers gives the points of the losers' hands: {} won this hand; give the points of {}":
        "--losers donne les points des mains des perdants : {0} a gagné cette main ; donnez les points de {1}",
    "no correction to undo": "aucune correction à annuler",
    "only fine-tuned profiles learn corrections this way (format 3)":
        "seuls les profils affinés (format 3) apprennent ainsi des corrections",
    "only fine-tuned profiles learn from recorded hands (format 3): calibrate again":
        "seuls les profils affinés (format 3) apprennent des mains enregistrées : étalonnez de nouveau",
    "only fine-tuned profiles relearn (format 3): calibrate again":
        "seuls les profils affinés (format 3) réapprennent : étalonnez de nouveau",
    "this profile (format 2) needs the embedding it was made with to learn a correction: calibrate again to get a fine-tuned profile":
        "ce profil (format 2) a besoin de la représentation avec laquelle il a été fait pour apprendre une correction : "
        "étalonnez de nouveau pour obtenir un profil affiné",
    "this classifier has no companion network to fine-tune": "ce classifieur n'a pas de réseau compagnon à affiner",
    "no profile file {}": "aucun fichier de profil {0}",
    "{}: not a {} file": "{0} : pas un fichier {1}",
    "{}: unreadable metadata ({})": "{0} : métadonnées illisibles ({1})",
    "{}: missing array {}": "{0} : tableau {1} manquant",
    "{}: a fine-tuned profile without its network or examples": "{0} : un profil affiné sans son réseau ni ses exemples",
    "cannot write {} ({})": "impossible d'écrire {0} ({1})",
    "--detail applies to --rules all (one rule set is always printed in full)":
        "--detail s'applique à --rules all (un seul jeu de règles est toujours affiché en entier)",
    "the game log {} is damaged ({}) and its rows could not be read whole: {} is a copy of it as it is, which --restore refuses; keep the log itself too":
        "le journal des parties {0} est abîmé ({1}) et ses lignes n'ont pas pu être lues en entier : {2} en est une copie "
        "telle quelle, que --restore refuse ; gardez aussi le journal lui-même",
    "the active-profile pointer was damaged ({}): no profile is active now; the base model reads alone":
        "le pointeur du profil actif était abîmé ({0}) : aucun profil n'est actif maintenant ; le modèle de base lit seul",
    "the profile's network was made for other classifier weights: calibrate this set again here with its layout photo":
        "le réseau du profil a été fait pour d'autres poids du classifieur : calibrez à nouveau ce jeu ici avec sa "
        "photo de disposition",
    "the profile's network was made for other classifier weights ({}): calibrate this set again here with its layout photo":
        "le réseau du profil a été fait pour d'autres poids du classifieur ({0}) : calibrez à nouveau ce jeu ici avec "
        "sa photo de disposition",
    "the profile {} was made for other classifier weights (embeddings of {} values; this mjtable's have {}): calibrate this set again here with its layout photo":
        "le profil {0} a été fait pour d'autres poids du classifieur (des représentations de {1} valeurs ; celles de "
        "ce mjtable en ont {2}) : calibrez à nouveau ce jeu ici avec sa photo de disposition",
    "unknown calibration (upload the photo again)": "calibration inconnue (envoyez la photo à nouveau)",
    "{} is a link to a file outside the data dir": "{0} est un lien vers un fichier hors du dossier de données",
    "{} is unreadable ({})": "{0} est illisible ({1})",
    "{} names no profile of the data dir": "{0} ne nomme aucun profil du dossier de données",
    "no replaced profile of {} is kept": "aucun profil remplacé de {0} n'est gardé",
    "{}: a version-{} profile, made by a newer mjtable; this one reads versions {}: update mjtable, or calibrate again":
        "{0} : un profil de version {1}, fait par un mjtable plus récent ; celui-ci lit les versions {2} : mettez "
        "mjtable à jour, ou calibrez à nouveau",
    "{} was made with another companion network ({}): calibrate this set again here with its layout photo":
        "{0} a été fait avec un autre réseau compagnon ({1}) : calibrez ce jeu à nouveau ici avec sa photo de "
        "disposition",
    "{}: a version-{} profile (an earlier mjtable); this one reads versions {}: calibrate again":
        "{0} : un profil de version {1} (un mjtable plus ancien) ; celui-ci lit les versions {2} : calibrez à nouveau",
    "the game changed since this page was loaded (its last hand is now hand {}): nothing was undone, check the hands":
        "la partie a changé depuis le chargement de cette page (sa dernière main est maintenant la main {0}) : rien "
        "n'a été annulé, vérifiez les mains",
    "the game changed since this page was loaded (hand {} is no longer there): nothing was changed, check the hands":
        "la partie a changé depuis le chargement de cette page (la main {0} n'y est plus) : rien n'a été modifié, "
        "vérifiez les mains",
    "the game changed since this page was loaded (hand {} was changed since, on another device?): nothing was changed, check the hand and try again":
        "la partie a changé depuis le chargement de cette page (la main {0} a été modifiée depuis, sur un autre "
        "appareil ?) : rien n'a été modifié, vérifiez la main et réessayez",
    "game {} was deleted since this page was loaded (on another device?): the hand is kept here; record it into another game, or start one":
        "la partie {0} a été supprimée depuis le chargement de cette page (sur un autre appareil ?) : la main est "
        "gardée ici ; enregistrez-la dans une autre partie, ou commencez-en une",
    "the game changed since this page was loaded (on another device?): a hand was edited, which can change the next hand's dealer, seats and counters; nothing was recorded: check the deal, then send it again if it is still to record":
        "la partie a changé depuis le chargement de cette page (sur un autre appareil ?) : une main a été modifiée, "
        "ce qui peut changer le croupier, les places et les compteurs de la main suivante ; rien n'a été enregistré : "
        "vérifiez la donne, puis renvoyez-la si elle reste à enregistrer",
    "an edit is guarded by ?hand_id=ID (the hand as the client showed it), not {}":
        "une modification est gardée par ?hand_id=ID (la main telle que le client l'a montrée), pas par {0}",
    "the game changed since this page was loaded: hand(s) {} taken back (undone or deleted); nothing was recorded: check the hands, then send it again if it is still to record":
        "la partie a changé depuis le chargement de cette page : main(s) {0} reprise(s) (annulée(s) ou "
        "supprimée(s)) ; rien n'a été enregistré : vérifiez les mains, puis renvoyez-la si elle est encore à "
        "enregistrer",
    "the players at the table changed since this page was loaded (on another device?): {} now; nothing was changed: check them, then seat the substitute again if still needed":
        "les joueurs à la table ont changé depuis le chargement de cette page (sur un autre appareil ?) : {0} "
        "maintenant ; rien n'a été changé : vérifiez-les, puis installez à nouveau le remplaçant s'il le faut",
    "the game changed since this page was loaded (on another device?): its next hand is now hand {}, not {}; nothing was deleted: look at its hands, then delete it if you still mean to":
        "la partie a changé depuis le chargement de cette page (sur un autre appareil ?) : sa main suivante est "
        "maintenant la main {0}, pas la {1} ; rien n'a été supprimé : regardez ses mains, puis supprimez-la si "
        "c'est toujours voulu",
    "the game changed since this page was loaded (on another device?): its hands or players were changed; nothing was deleted: look at it, then delete it if you still mean to":
        "la partie a changé depuis le chargement de cette page (sur un autre appareil ?) : ses mains ou ses joueurs "
        "ont changé ; rien n'a été supprimé : regardez-la, puis supprimez-la si c'est toujours voulu",
    "the game changed since this page was loaded (on another device?): the next hand is now hand {}, not {} (hand {} recorded: {}); nothing was recorded: check the hands, then send it again if it is still to record":
        "la partie a changé depuis le chargement de cette page (sur un autre appareil ?) : la main suivante est "
        "maintenant la main {0}, pas la {1} (main {2} enregistrée : {3}) ; rien n'a été enregistré : vérifiez les "
        "mains, puis envoyez-la à nouveau si elle reste à enregistrer",
    "this page had expired, so nothing was done; what you entered is kept: send it again":
        "cette page avait expiré : rien n'a été fait ; ce que vous aviez saisi est gardé : envoyez-le à nouveau",
    "a win for {}": "une victoire pour {0}", "a draw": "une main nulle", "a chombo": "un chombo",
    "a false win": "un faux Mah-jong",
    "the game's end": "la fin de la partie",
    "the game changed since this page was loaded (on another device?): the next hand is now hand {}, not {}; nothing was recorded: check the hands, then send it again if it is still to record":
        "la partie a changé depuis le chargement de cette page (sur un autre appareil ?) : la main suivante est "
        "maintenant la main {0}, pas la {1} ; rien n'a été enregistré : vérifiez les mains, puis envoyez-la à nouveau "
        "si elle reste à enregistrer",
    "these tiles do not form four sets and a pair; the eight flowers win alone only where flowers are played: choose flower method A, B, C or D":
        "ces tuiles ne forment pas quatre combinaisons et une paire ; les huit fleurs ne gagnent seules que là où l'on "
        "joue les fleurs : choisissez le compte des fleurs A, B, C ou D",
    # a tile-set profile imported (vision/profile/store.py)
    "{} is larger than a tile-set profile (at most {} MB)": "{} est plus grand qu'un profil de jeu de tuiles (au plus {} Mo)",
    "{} is larger than a tile-set profile ({} MB, at most {} MB)":
        "{0} est plus grand qu'un profil de jeu de tuiles ({1} Mo, au plus {2} Mo)",
    "{} is not a tile-set profile (the .npz file that a profile's download or export writes)":
        "{0} n'est pas un profil de jeu de tuiles (le fichier .npz qu'écrit le téléchargement ou l'export d'un profil)",
    "{} is not a tile-set profile (it unpacks to {} MB)": "{0} n'est pas un profil de jeu de tuiles (il se décompresse en {1} Mo)",
    "the profile {} was made for other classifier weights ({}; this mjtable's are {}): calibrate this set again here "
    "with its layout photo":
        "le profil {0} a été fait pour d'autres poids du classifieur ({1} ; ceux de ce mjtable sont {2}) : calibrez à "
        "nouveau ce jeu ici avec sa photo de disposition",
    "the profile {} was made with another companion network ({}): calibrate this set again here with its layout photo":
        "le profil {0} a été fait avec un autre réseau compagnon ({1}) : calibrez à nouveau ce jeu ici avec sa photo de "
        "disposition",
    "{} was made for other classifier weights ({}; this mjtable's are {}): calibrate this set again here with its layout photo":
        "{0} a été fait pour d'autres poids du classifieur ({1} ; ceux de ce mjtable sont {2}) : calibrez à nouveau ce jeu "
        "ici avec sa photo de disposition",
    # the server's webcam (webui/camera.py)
    "no camera at index {} on the server (`mjtable serve --camera N` picks another)":
        "pas de caméra d'indice {0} sur le serveur (`mjtable serve --camera N` en choisit une autre)",
    "the server camera gives no picture": "la caméra du serveur ne donne pas d'image",
    "the server camera stopped sending frames": "la caméra du serveur a cessé d'envoyer des images",
    # the access checks (webui/security.py)
    "the table's join link changed since this device joined: ask the host for the new one: on the host's computer the page /join shows its QR code to scan":
        "le lien pour rejoindre la table a changé depuis que cet appareil l'a rejointe : demandez le nouveau à l'hôte : "
        "sur son ordinateur, la page /join montre son QR code à scanner",
    "ask the host for the table's join link: on the host's comput"
        "er the page /join shows its QR code to scan (the link carries the table's token)":
        "demandez à l'hôte le lien d'invitation de la table : sur son ordinateur, la page /join montre son QR code à scanner (le lien porte le jeton de la table)",
    "the form has expired or did not come from this app; reload the page and try again":
        "le formulaire a expiré ou ne vient pas de cette application ; rechargez la page et réessayez",
    "this server only answers its own machine; start it with `mjtable serve --lan` to let the table join":
        "ce serveur ne répond qu'à sa propre machine ; lancez-le avec `mjtable serve --lan` pour que la table "
        "puisse le rejoindre",
    "requests must address this server by IP address or localhost":
        "les requêtes doivent désigner ce serveur par son adresse IP ou par localhost",
    # payments (scorer/*: Payment reasons; scorer/flow: the game's payments)
    "other player: 8": "autre joueur : 8", "discarder: points + 8": "donneur de l'écart : points + 8",
    "the player whose kong was robbed: points + 8": "le joueur dont le kong est volé : points + 8",
    "self-drawn: points + 8": "pioche (tsumo) : points + 8", "false win": "faux Mah-jong",
    "riichi stick": "bâtonnet de riichi", "own riichi stick back": "son bâtonnet de riichi rendu",
    "{} riichi stick(s) from the table": "{0} bâtonnet(s) de riichi pris sur la table",
    "{} riichi stick(s) × 1,000": "{0} bâtonnet(s) de riichi × 1 000",
    "{} riichi stick(s) × 1,000, the winner's own among them": "{0} bâtonnet(s) de riichi × 1 000, dont celui du gagnant", "noten payment": "pénalité noten",
    "chombo, a mangan": "chombo, un mangan", "chombo (mangan)": "chombo (mangan)", "ron": "ron", "ron + {} counter(s) × 300": "ron + {0} compteur(s) × 300",
    "ron, half (pao shared)": "ron, moitié (pao partagé)",
    "robbing the kong: paid by the player who added the kong": "vol du kong : payé par le joueur qui a ajouté la tuile au kong",
    "robbing the kong: paid by the player who added the kong + {} counter(s) × 300":
        "vol du kong : payé par le joueur qui a ajouté la tuile au kong + {0} compteur(s) × 300",
    "ron, half (pao shared) + {} counter(s) × 300": "ron, moitié (pao partagé) + {0} compteur(s) × 300",
    "{} is not taken: give the dora indicators, the tiles turned over on the wall ({}); the dora is the tile after each: for the dora {}, give {} {}":
        "{0} n'est pas pris : donnez les indicateurs de dora, les tuiles retournées sur le mur ({1}) ; la dora est la tuile qui suit chacun : pour la dora {2}, donnez {3} {4}",
    "{} is not taken: give the dora indicators, the tiles turned over on the wall ({}); the dora is the tile after each":
        "{0} n'est pas pris : donnez les indicateurs de dora, les tuiles retournées sur le mur ({1}) ; la dora est la tuile qui suit chacun",
    "{} is not taken: give the ura dora indicators, the tiles turned over on the wall ({}); the ura dora is the tile after each: for the ura dora {}, give {} {}":
        "{0} n'est pas pris : donnez les indicateurs d'ura dora, les tuiles retournées sur le mur ({1}) ; l'ura dora est la tuile qui suit chacun : pour l'ura dora {2}, donnez {3} {4}",
    "{} is not taken: give the ura dora indicators, the tiles turned over on the wall ({}); the ura dora is the tile after each":
        "{0} n'est pas pris : donnez les indicateurs d'ura dora, les tuiles retournées sur le mur ({1}) ; l'ura dora est la tuile qui suit chacun",
    "robbing the kong: paid by the player who declared the kong": "vol du kong : payé par le joueur qui a déclaré le kong",
    "--losers takes PLAYER=POINTS, a whole number of points (Cy=8), not {}":
        "--losers prend JOUEUR=POINTS, un nombre entier de points (Cy=8), pas {0}",
    "--losers names {} twice": "--losers nomme {0} deux fois",
    "--losers gives the points of each loser's own hand: {} missing":
        "--losers donne les points de la main de chaque perdant : il manque {0}",
    "robbing the kong: paid by the player who declared the kong + {} counter(s) × 300":
        "vol du kong : payé par le joueur qui a déclaré le kong + {0} compteur(s) × 300",
    "riichi sticks 0 with a riichi declared: the winner's own stick is on the table; count it with any others (1 or more), or leave the number out to count it alone":
        "0 bâtonnet de riichi avec un riichi déclaré : celui du gagnant est sur la table ; comptez-le avec les autres (1 ou plus), ou laissez le nombre vide pour le compter seul",
    "dealer's share": "part du croupier", "tsumo share": "part du tsumo",
    "dealer's share + {} counter(s) × 100": "part du croupier + {0} compteur(s) × 100",
    "tsumo share + {} counter(s) × 100": "part du tsumo + {0} compteur(s) × 100",
    "pao: liable for {}, pays half": "pao : responsable de « {0} », paie la moitié",
    "pao: liable for {}, pays the whole self-drawn hand": "pao : responsable de « {0} », paie toute la main tirée du mur",
    "the discarder pays": "le donneur de l'écart paie",
    "the discarder pays, double if that is East": "le donneur de l'écart paie, double si c'est Est", "the discarder pays double: the winner is East": "le donneur de l'écart paie double : le gagnant est Est",
    "the discarder pays double: the discarder is East": "le donneur de l'écart paie double : il est Est",
    "between losers: {} - {}, doubled: East is one of them": "entre perdants : {0} − {1}, doublé : Est est l'un d'eux",
    "between losers: {} - {}": "entre perdants : {0} − {1}",
    "the losers settle among themselves under classical rules only, not {}: leave losers out":
        "les perdants ne règlent entre eux qu'en règles classiques, pas en {0} : laissez les perdants de côté",
    "the losers settle after a win only: leave losers out":
        "les perdants ne règlent entre eux qu'après une victoire : laissez les perdants de côté",
    "losers gives each player's hand's points, four entries in seat order (none for the winner)":
        "les perdants donnent les points de la main de chaque joueur, quatre valeurs dans l'ordre des sièges (aucune "
        "pour le gagnant)",
    "this game was recorded before the game flow: its losers cannot settle among themselves here; leave losers out":
        "cette partie a été enregistrée avant le déroulement de partie : ses perdants ne peuvent pas régler entre eux "
        "ici ; laissez les perdants de côté",
    "the winner's hand is paid as the win: leave its points out of the losers' hands":
        "la main du gagnant est payée par la victoire : laissez ses points hors des mains des perdants",
    "each loser's hand needs its points, a whole number from 0 to {} (0 for a hand that counts nothing)":
        "la main de chaque perdant demande ses points, un nombre entier de 0 à {0} (0 pour une main qui ne compte rien)",
    "each loser's hand's points is a whole number, null for the winner":
        "les points de la main de chaque perdant sont un nombre entier, vide pour le gagnant",
    # a hand recorded before they were said as above keeps its words
    "double, as East": "double, comme Est", "double, to East": "double, à Est",
    "double: the payer is East": "double : le payeur est Est", "double: the winner is East": "double : le gagnant est Est", "the score": "le score",
    "way (1) of paying: the discarder alone pays the full score": "façon de payer (1) : seul le donneur de l'écart paie tout le score",
    "way (2) of paying: the discarder alone pays twice the score": "façon de payer (2) : seul le donneur de l'écart paie deux fois le score",
    "way (3) of paying: the discarder pays the full score": "façon de payer (3) : le donneur de l'écart paie tout le score",
    "way (3) of paying: each other player pays half the score": "façon de payer (3) : chaque autre joueur paie la moitié du score",
    "way (4) of paying: discarded the fourth tile of the kong, pays three times":
        "façon de payer (4) : a écarté la quatrième tuile du kong, paie trois fois",
    "self-drawn: each pays the full score": "pioche (tsumo) : chacun paie tout le score",
    "bao ({}) f-A: pays for all three players": "bao ({0}) f-A : paie pour les trois joueurs",
    "bao ({}): discarded the winning tile, pays twice the score, for their own share and the two others' (004 Bao)":
        "bao ({0}) : a écarté la tuile gagnante, paie deux fois le score, pour sa part et celles des deux autres (004 Bao)",
    "bao (g): discarded the winning tile with five tiles left to draw (004 Bao g), pays twice the score, for their own share and the two others'":
        "bao (g) : a écarté la tuile gagnante à cinq tuiles de la fin du mur (004 Bao g), paie deux fois le score, "
        "pour sa part et celles des deux autres",
    # the same two as hands recorded before their rewording keep them in their stored score
    "bao ({}): discarded the winning tile, pays for himself and the two others":
        "bao ({0}) : a écarté la tuile gagnante, paie sa part et celles des deux autres",
    "riichi sticks not given: none is counted, not even the winner's own, which comes back to the winner; give riichi_sticks to count the sticks on the table":
        "bâtonnets de riichi non donnés : aucun n'est compté ; le gagnant reprend son propre bâtonnet et ceux sur la table : donnez le nombre de bâtonnets de riichi sur la table, celui du gagnant compris, pour les compter",
    "bao ({}) f-C: fed the fourth set": "bao ({0}) f-C : a fourni la quatrième combinaison",
    "discarded the winning tile": "a écarté la tuile gagnante",
    "discarded the winning tile (f-C)": "a écarté la tuile gagnante (f-C)",
    # score warnings and "why not" texts
    "flowers/seasons {} are not used in riichi and were ignored":
        "les fleurs et saisons {0} ne servent pas au riichi et ont été ignorées",
    "ura_dora_indicators ignored: the ura dora count only for a winner who declared riichi":
        "indicateurs d'ura dora ignorés : les ura dora ne comptent que pour un gagnant qui a déclaré riichi",
    "flowers/seasons {} not counted: scored without flowers (flower method: none); choose flower method A, B, C or D to count them":
        "fleurs et saisons {0} non comptées : main comptée sans fleurs (compte des fleurs : aucun) ; choisissez le "
        "compte des fleurs A, B, C ou D pour les compter",
    "flowers/seasons {} not counted: scored without flowers (house rule flowers: no); play with flowers to count them":
        "fleurs et saisons {0} non comptées : main comptée sans fleurs (règle maison fleurs : non) ; jouez avec les "
        "fleurs pour les compter",
    "liable player ignored: pao applies only to Big Three Dragons and Big Four Winds":
        "joueur responsable ignoré : le pao ne s'applique qu'aux Trois grands dragons et aux Quatre grands vents",
    "a newer calibration photo replaced this one": "une photo de calibration plus récente a remplacé celle-ci",
    "profile name {} has no letters or digits": "le nom de profil {0} n'a ni lettre ni chiffre",
    "the profile name is empty: give it letters or digits": "le nom de profil est vide : donnez-lui des lettres ou des chiffres",
    "the profile name has {} characters: at most {}": "le nom de profil a {} caractères : {} au plus",
    "no profile named {} (see mjtable calibrate --list)": "aucun profil nommé {0} (voir mjtable calibrate --list)",
    "no profile named {}": "aucun profil nommé {0}",
    "liable player ignored: pao needs every set of {} exposed as a meld, one of them claimed from the liable player ({})":
        "joueur responsable ignoré : le pao demande toutes les combinaisons du yakuman exposées, l'une d'elles "
        "prise au joueur responsable ({1})",
    "bao (h): the liable player could not avoid the discard; no bao":
        "bao (h) : le joueur responsable ne pouvait pas éviter l'écart ; pas de bao",
    "bao_exempt ignored: 004 Bao (h) exempts only the discarder of the winning tile of a pure one-suit hand (case e)":
        "exemption de bao ignorée : le cas (h) n'exempte que le donneur de la tuile gagnante d'une main pure d'une couleur (cas e)",
    "liable player ignored: bao ({}) on a self-drawn win applies only when the liable player fed the fourth of four shown sets of cases (c), (d), (e)":
        "joueur responsable ignoré : le bao ({0}) sur une pioche ne s'applique que si le responsable a donné la "
        "quatrième de quatre combinaisons exposées des cas (c), (d), (e)",
    "liable player ignored: in bao ({}) the liable player is the one who discarded the winning tile, or fed the fourth of four shown sets":
        "joueur responsable ignoré : dans le bao ({0}) le responsable est celui qui a écarté la tuile gagnante, "
        "ou donné la quatrième de quatre combinaisons exposées",
    "liable player ignored: bao ({}) is the discard of the winning tile, and a self-drawn win has none":
        "joueur responsable ignoré : le bao ({0}) est l'écart de la tuile gagnante, et une victoire sur pioche n'en a pas",
    "liable player ignored: in bao ({}) the liable player is the one who discarded the winning tile":
        "joueur responsable ignoré : dans le bao ({0}) le responsable est celui qui a écarté la tuile gagnante",
    "(4) charged to {}, who discarded the fourth tile of the last claimed kong; the hand holds {} kongs, and if the replacement followed another, each player pays the full score":
        "(4) à la charge de {0}, qui a écarté la quatrième tuile du dernier kong pris ; la main a {1} kongs, et si le "
        "remplacement suivait un autre kong, chaque joueur paie le score complet",
    "the heavenly hand is East's self-drawn win on the dealt tiles, before any set is declared":
        "la main céleste est la victoire d'Est sur pioche avec les tuiles distribuées, avant toute combinaison déclarée",
    "the earthly hand, self-drawn, is another player's win on the first draw, before any set is declared":
        "la main terrestre, sur pioche, est la victoire d'un autre joueur sur sa première pioche, avant toute "
        "combinaison déclarée",
    "the earthly hand on a discard is another player's win before his first draw, before any set is declared, even a concealed kong":
        "la main terrestre sur un écart est la victoire d'un autre joueur avant sa première pioche, avant "
        "toute combinaison déclarée, même un kong caché",
    "a win on a kong replacement tile needs a kong in the hand":
        "gagner sur la tuile de remplacement d'un kong demande un kong dans la main",
    # riichi's refusals (scorer/riichi/scoring.py)
    "a kong replacement win is self-drawn": "une victoire sur la tuile de remplacement d'un kong est une victoire sur pioche",
    "a win on a kong replacement tile is self-drawn, not on a discard":
        "une victoire sur la tuile de remplacement d'un kong se fait sur pioche, pas sur un écart",
    "blessing of earth allows no set declared": "la bénédiction de la terre n'admet aucune combinaison déclarée",
    "blessing of earth is a non-dealer's win": "la bénédiction de la terre est une victoire d'un autre joueur que le croupier",
    "blessing of earth is self-drawn": "la bénédiction de la terre se gagne sur pioche",
    "blessing of heaven allows no set declared (not even a concealed kong)":
        "la bénédiction du ciel n'admet aucune combinaison déclarée (pas même un kong caché)",
    "blessing of heaven is the dealer's (East) win": "la bénédiction du ciel est une victoire du croupier (Est)",
    "blessing of heaven is won on the dealer's own 14 tiles (self-drawn)":
        "la bénédiction du ciel se gagne avec les 14 tuiles du croupier (sur pioche)",
    "blessing of man allows no set declared": "la bénédiction de l'homme n'admet aucune combinaison déclarée",
    "blessing of man is a non-dealer's win": "la bénédiction de l'homme est une victoire d'un autre joueur que le croupier",
    "blessing of man is a win on a discard": "la bénédiction de l'homme se gagne sur un écart",
    "double riichi cannot be declared with an exposed set": "le double riichi ne peut pas se déclarer avec une combinaison exposée",
    "riichi cannot be declared with an exposed set": "le riichi ne peut pas se déclarer avec une combinaison exposée",
    "ippatsu needs riichi": "l'ippatsu demande un riichi",
    "riichi sticks not given: none is counted; the winner takes back their own stick and any others on the table: give the number of riichi sticks on the table, the winner's included, to count them":
        "bâtonnets de riichi non donnés : aucun n'est compté ; le gagnant reprend son propre bâtonnet et ceux sur la table : donnez le nombre de bâtonnets de riichi sur la table, celui du gagnant compris, pour les compter",
    "{} is won before the winner's first discard, so no riichi can have been declared":
        "{0} est gagnée avant la première défausse du gagnant : aucun riichi n'a pu être déclaré",
    "{} is won in the first go-around, long before the wall's last tile":
        "{0} se gagne au tout premier tour, bien avant la dernière tuile du mur",
    "{} is won in the first go-around, uninterrupted; a robbed kong was added to a pung claimed before, and a claim "
    "interrupts the go-around":
        "{0} se gagne au tout premier tour ininterrompu ; un kong volé complète un pung réclamé auparavant, et une "
        "réclamation interrompt le tour",
    "{} is won in the first go-around, uninterrupted; a kong, concealed ones included, interrupts it":
        "{0} se gagne au tout premier tour ininterrompu ; un kong, même caché, l'interrompt",
    "blessing of heaven": "la bénédiction du ciel", "blessing of earth": "la bénédiction de la terre",
    "blessing of man": "la bénédiction de l'homme",
    "ura-dora indicators: {}, dora indicators: not given, so the table's one; one ura-dora indicator lies under each dora indicator, kan dora included: give the dora indicators":
        "indicateurs d'ura-dora : {0}, indicateurs de dora : non donnés, donc celui de la table ; un indicateur "
        "d'ura-dora est sous chaque indicateur de dora, kan dora compris : donnez les indicateurs de dora",
    "ura-dora indicators: {}, dora indicators: {}; one ura-dora indicator lies under each dora indicator, kan dora included":
        "indicateurs d'ura-dora : {0}, indicateurs de dora : {1} ; un indicateur d'ura-dora est sous chaque indicateur de dora, kan dora compris",
    "{}.{} {} contradicts the game: in this deal it is {} (the game knows the seats and the round: leave it out)":
        "{0}.{1} {2} contredit la partie : dans cette donne, c'est {3} (la partie connaît les places et le tour : ne le donnez pas)",
    "{}.riichi is false, but the winner is in the hand's riichi list: say one or the other":
        "{0}.riichi est faux, mais le gagnant est dans la liste des riichi de la main : dites l'un ou l'autre",
    "no kong may be declared on the last tile, so a robbed kong is never the last tile":
        "aucun kong ne se déclare sur la dernière tuile : un kong volé n'est donc jamais la dernière tuile",
    "robbing the kong is a win on another player's tile, not self-drawn":
        "voler le kong, c'est gagner sur la tuile d'un autre joueur, pas sur une pioche",
    "robbing the kong is won on another player's tile, so it cannot be self-drawn":
        "voler le kong se gagne sur la tuile d'un autre joueur : ce n'est donc pas une pioche",
    "these tiles do not form four sets and a pair, seven different pairs or thirteen orphans":
        "ces tuiles ne forment ni quatre combinaisons et une paire, ni sept paires différentes, ni treize orphelins",
    # the web app's own checks
    "API writes are JSON: send Content-Type: application/json":
        "les écritures de l'API sont en JSON : envoyez Content-Type: application/json",
    "at most {} tiles per hand": "{0} tuiles au plus par main",
    "crop: {}": "découpe : {0}",
    "must be a whole number": "doit être un nombre entier", "must be at most {}": "doit valoir au plus {0}",
    "must be at most {}, not {}": "doit valoir au plus {0}, pas {1}",
    "must be a whole number from {} to {}, not {}": "doit être un nombre entier de {0} à {1}, pas {2}",
    "must be text": "doit être du texte",
    "no active tile-set profile: calibrate first (/calibrate)":
        "aucun profil de jeu de tuiles actif : calibrez d'abord (/calibrate)",
    "send one code per crop ({} crops, {} codes)": "envoyez un code par découpe ({0} découpes, {1} codes)",
    "send one code per tile ({} tiles, {} codes)": "envoyez un code par tuile ({0} tuiles, {1} codes)",
    "no tile {} in this photo's reading": "pas de tuile {0} dans la lecture de cette photo",
    "only upright face-up tiles teach the profile": "seules les tuiles droites et face visible instruisent le profil",
    "this hand has no photo to learn from": "cette main n'a pas de photo dont apprendre",
    "send the tile's crop as the 'crop' file": "envoyez la découpe de la tuile comme fichier « crop »",
    "unknown tile code {}": "code de tuile inconnu {0}",
    "a dragon pung scores Dragon Pung alone": "un pung de dragon ne compte que Pung de Dragon",
    "these tiles also make seven pairs: the reading that scores more is counted":
        "ces tuiles font aussi sept paires : la lecture qui rapporte le plus est comptée",
    "{} was completed by the discard, and a pung made with a claimed tile counts as exposed (self-drawn, it would "
    "be concealed: 001, Deux Pungs Cachés)":
        "{0} a été complété par la tuile écartée, et un pung fait avec une tuile réclamée compte comme exposé "
        "(tiré soi-même, il serait caché : 001, Deux Pungs Cachés)",
    "the discarder is not named: the hand is shared with the liable player; if the liable player discarded the "
    "winning tile, they pay it all: name the discarder (002 §3.3.9)":
        "le donneur de l'écart n'est pas nommé : la main est partagée avec le joueur responsable ; si le "
        "joueur responsable a écarté la tuile gagnante, il la paie entière : nommez le donneur de l'écart (002 §3.3.9)",
    "a tile at the photo's edge, mostly outside it, was left out: take the photo again with the whole hand in it":
        "une tuile au bord de la photo, presque entièrement hors d'elle, a été écartée : reprenez la photo avec toute "
        "la main dedans",
    "{} tiles at the photo's edge, mostly outside it, were left out: take the photo again with the whole hand in it":
        "{0} tuiles au bord de la photo, presque entièrement hors d'elle, ont été écartées : reprenez la photo avec "
        "toute la main dedans",
    "the photo is grainy (noise from dim light): tiles may be missed or misread; take it again in more light (a lamp, "
    "or the phone's flash)":
        "la photo a du grain (le bruit d'une lumière faible) : des tuiles peuvent manquer ou être mal lues ; reprenez-la "
        "avec plus de lumière (une lampe, ou le flash du téléphone)",
    "the photo's edge cuts {} tiles: part of their faces is outside it, so they may be misread; check them, or take "
    "the photo again with the whole tiles in it":
        "le bord de la photo coupe {0} tuiles : une partie de leur face est hors de la photo, elles peuvent donc être "
        "mal lues ; vérifiez-les, ou reprenez la photo avec les tuiles entières dedans",
    "the photo is washed out (too bright: the tiles' ink is faint): tiles may be missed or misread; take it again "
    "with less light, out of direct sun or without the flash":
        "la photo est délavée (trop claire : l'encre des tuiles est pâle) : des tuiles peuvent manquer ou être mal "
        "lues ; reprenez-la avec moins de lumière, hors du soleil direct ou sans le flash",
    "{} also completes the hand": "{0} complète aussi la main", "{} also complete the hand": "{0} complètent aussi la main",
    "{} also completes the hand in shape, though this hand holds all four {} (a wait all the same: docs/rulings.md, MCR-14)":
        "{0} complète aussi la main par sa forme, bien que cette main tienne les quatre {1} (une attente tout de même : "
        "docs/rulings.md, MCR-14)",
    "{} also complete the hand in shape, though this hand holds all four {} (a wait all the same: docs/rulings.md, MCR-14)":
        "{0} complètent aussi la main par leur forme, bien que cette main tienne les quatre {1} (une attente tout de "
        "même : docs/rulings.md, MCR-14)",
    "completed by the winning discard: a concealed pung counts as exposed (002 §4.1.1)":
        "terminé par l'écart gagnant : un pung caché compte comme exposé (002 §4.1.1)",
    "the {} also completes {} ({}, 2 minipoints): read as a two-sided wait the hand is pinfu, which scores at least as much":
        "le {0} complète aussi {1} ({2}, 2 minipoints) : lue comme une attente des deux côtés, la main est pinfu, "
        "ce qui rapporte au moins autant",
    "the seven pairs must all differ: {} would be two identical pairs":
        "les sept paires doivent toutes différer : {0} feraient deux paires identiques",
    "a win on a kong replacement tile follows the winner's own kong, and any kong, concealed ones included, ends the chance of ippatsu":
        "gagner sur la tuile de remplacement d'un kong suit un kong du gagnant, et tout kong, même caché, fait perdre "
        "l'ippatsu",
    "the {} also completes {} ({}, 2 minipoints): the same 2 either way":
        "le {0} complète aussi {1} ({2}, 2 minipoints) : les mêmes 2 dans les deux cas",
    "the {} also completes {}, a wait worth no minipoints: the reading that scores more is counted":
        "le {0} complète aussi {1}, une attente qui ne vaut aucun minipoint : la lecture qui rapporte le plus est "
        "comptée",
    "a win on a kong replacement tile is drawn from the wall: it is a self-drawn win":
        "gagner sur la tuile de remplacement d'un kong, c'est gagner sur une pioche",
    "a win on a kong replacement tile is drawn from the wall: it is a self-drawn win; the player who discarded the kong's fourth tile is written on the kong: [8888m,2] for the player across (1 left, 3 right)":
        "gagner sur la tuile de remplacement d'un kong, c'est gagner sur une pioche ; le joueur qui a écarté la "
        "quatrième tuile du kong s'écrit sur le kong : [8888m,2] pour le joueur en face (1 à gauche, 3 à droite)",
    "way (4) of paying not applied: the exposed kong does not say who discarded its fourth tile, so each player pays; write it on the kong, [8888m,2] for the player across (1 left, 3 right), and that player pays three times":
        "façon de payer (4) non appliquée : le kong exposé ne dit pas qui a écarté sa quatrième tuile, donc chacun "
        "paie ; écrivez-le sur le kong, [8888m,2] pour le joueur en face (1 à gauche, 3 à droite), et ce joueur paie "
        "trois fois",
    "the heavenly hand is the dealer's win, East's": "la main céleste est une victoire du croupier, Est",
    "the heavenly hand is won self-drawn on the dealer's first tiles, before any set is declared, even a concealed kong":
        "la main céleste se gagne sur pioche avec les premières tuiles du croupier, avant toute combinaison déclarée, "
        "même un kong caché",
    "the earthly hand is another player's win on the dealer's first discard, before any set is declared, even a concealed kong":
        "la main terrestre est la victoire d'un autre joueur sur le premier écart du croupier, avant toute "
        "combinaison déclarée, même un kong caché",
    "the earthly hand is won on the dealer's first discard: the discarder given is not the dealer":
        "la main terrestre se gagne sur le premier écart du croupier : le joueur indiqué n'est pas le croupier",
    "not a winning hand": "pas une main gagnante", "not a winning hand: {}": "pas une main gagnante : {0}",
    "the hand is complete but has no yaku: a riichi winning hand needs at least one; dora do not count":
        "la main est complète mais n'a aucun yaku : une main gagnante en riichi en demande au moins un ; les dora ne comptent pas",
    "the hand is complete but has no yaku: a riichi winning hand needs at least one; dora do not count; if riichi was declared, say so: riichi is a yaku":
        "la main est complète mais n'a aucun yaku : une main gagnante en riichi en demande au moins un ; les dora ne comptent pas ; si riichi a été annoncé, dites-le : riichi est un yaku",
    "below_minimum": "sous le minimum",
    # a pung held in the hand that the winning discard completes counts as exposed (docs/rulings.md)
    "completed by the discard": "complété par l'écart", "{}: scores the limit": "{0} : vaut la limite",
    "the tiles do not make a complete MCR hand: 4 sets and a pair, seven pairs, thirteen orphans, honours and knitted tiles, or a knitted straight with a set and a pair":
        "les tuiles ne forment pas une main MCR complète : 4 combinaisons et une paire, sept paires, treize orphelins, Honneurs et Tuiles Cousues, ou une Suite Cousue avec une combinaison et une paire",
    "the tiles do not make a complete MCR hand: 4 sets and a pair, seven pairs, thirteen orphans, honours and knitted tiles, or a knitted straight with a set and a pair; without its winning tile {} the hand waits on {}":
        "les tuiles ne forment pas une main MCR complète : 4 combinaisons et une paire, sept paires, treize orphelins, Honneurs et Tuiles Cousues, ou une Suite Cousue avec une combinaison et une paire ; sans sa tuile gagnante {0}, la main attend {1}",
    "the tiles do not make a complete MCR hand: 4 sets and a pair, seven pairs, thirteen orphans, honours and knitted tiles, or a knitted straight with a set and a pair; without its winning tile {} no tile completes it":
        "les tuiles ne forment pas une main MCR complète : 4 combinaisons et une paire, sept paires, treize orphelins, Honneurs et Tuiles Cousues, ou une Suite Cousue avec une combinaison et une paire ; sans sa tuile gagnante {0}, aucune tuile ne la complète",
    "seven pairs is no winning hand under Hong Kong old style, which knows four sets and a pair, or thirteen terminals":
        "les sept paires ne sont pas une main gagnante à Hong Kong à l'ancienne, qui ne connaît que quatre combinaisons "
        "et une paire, ou les 13 tuiles terminales",
    "seven pairs is no winning hand under the classical rules, which know four sets and a pair, or thirteen orphans":
        "les sept paires ne sont pas une main gagnante en règles classiques, qui ne connaissent que quatre "
        "combinaisons et une paire, ou treize orphelins",
    # what a hand of 13 tiles lacks (scorer.hand._one_short)
    "add the tile it won on, after a space: it waits on {}":
        "ajoutez la tuile sur laquelle elle a gagné, après une espace : elle attend {0}",
    "add the tile it won on: no tile completes these 13 as sets and a pair, seven pairs or thirteen orphans":
        "ajoutez la tuile sur laquelle elle a gagné : aucune tuile ne complète ces 13 en combinaisons et une paire, sept "
        "paires ou treize orphelins",
    ",0 marks a concealed kong and + an added one, which is claimed: write [{},0] or ({}) for a concealed kong, [{},2+] for an added kong whose pung came from across":
        ",0 marque un kong caché et + un kong ajouté, qui est pris : écrivez [{0},0] ou ({1}) pour un kong caché, "
        "[{2},2+] pour un kong ajouté dont le pung vient d'en face",
    "{} is won on a tile drawn from the wall: it has no discarder": "{0} se gagne sur une tuile piochée dans le mur : elle n'a pas de donneur de l'écart",
    "{} is won on a tile drawn from the wall, not by robbing a kong": "{0} se gagne sur une tuile piochée dans le mur, pas en volant un kong",
    "the blessing of heaven": "la Bénédiction du Ciel", "the blessing of earth": "la Bénédiction de la Terre",
    # the same, the winning tile written apart (scorer.hand.one_short_beside)
    "a tile is missing beside the winning tile {}, written apart: the hand waits on {}":
        "il manque une tuile à côté de la tuile gagnante {0}, écrite à part : la main attend {1}",
    "a tile is missing beside the winning tile {}, written apart, and no tile completes these 13 as sets and a pair, seven pairs or thirteen orphans":
        "il manque une tuile à côté de la tuile gagnante {0}, écrite à part, et aucune tuile ne complète ces 13 en "
        "combinaisons et une paire, sept paires ou treize orphelins",
    # the tiles a hand refused as no winning hand waited on (scorer.readings.waits_said)
    "without its winning tile {} the hand waits on {}": "sans sa tuile gagnante {0}, la main attend {1}",
    "without its winning tile {} no tile completes it": "sans sa tuile gagnante {0}, aucune tuile ne la complète",
    "these tiles do not form four sets and a pair, or thirteen terminals":
        "ces tuiles ne forment ni quatre combinaisons et une paire, ni les 13 tuiles terminales",
    "these tiles do not form four sets and a pair or thirteen orphans":
        "ces tuiles ne forment ni quatre combinaisons et une paire, ni treize orphelins",
    # the scorer's own note, as `mjtable score --lang fr` prints it (it stayed in English)
    "{} points without flowers: below the {}-point minimum, this hand cannot be declared Mah Jong (000, Déroulement)":
        "{0} points sans les fleurs : sous le minimum de {1} points, cette main ne peut pas être déclarée gagnante (000, Déroulement)",
    "{} points: below the {}-point minimum, this hand cannot be declared Mah Jong (000, Déroulement)":
        "{0} points : sous le minimum de {1} points, cette main ne peut pas être déclarée gagnante (000, Déroulement)",
    "{} point without flowers: below the {}-point minimum, this hand cannot be declared Mah Jong (000, Déroulement)":
        "{0} point sans les fleurs : sous le minimum de {1} points, cette main ne peut pas être déclarée gagnante (000, Déroulement)",
    "{} point: below the {}-point minimum, this hand cannot be declared Mah Jong (000, Déroulement)":
        "{0} point : sous le minimum de {1} points, cette main ne peut pas être déclarée gagnante (000, Déroulement)",
    "no settlement": "aucun règlement",
    # a page not found says what was not (the French page said « introuvable » alone)
    "no game {}": "aucune partie n° {0}",
    "no game {} in {} (--data-dir names another game log)":
        "aucune partie n° {0} dans {1} (--data-dir désigne un autre journal des parties)",
    "no game {} in {} (--db names another game log)":
        "aucune partie n° {0} dans {1} (--db désigne un autre journal des parties)",
    "no hand {} in game {}": "pas de main {0} dans la partie n° {1}",
    "no photo reading {} (it may have expired)": "aucune lecture de photo {0} (elle a peut-être expiré)",
    "{} without flowers, below the {}-point minimum: this hand cannot be declared a win":
        "{0} sans les fleurs, sous le minimum de {1} points : cette main ne peut pas être déclarée gagnante",
    "{}, below the {}-point minimum: this hand cannot be declared a win":
        "{0}, sous le minimum de {1} points : cette main ne peut pas être déclarée gagnante",
    "hand {}: {} (record it as a false win)": "main {0} : {1} (enregistrez-la comme faux Mah-jong)",
    "hand {} cannot be {}: hand {}, {} ({}), would then be refused: {}; nothing was changed":
        "la main {0} ne peut pas être {1} : la main {2}, {3} ({4}), serait alors refusée : {5} ; rien n'a été changé",
    "deleted": "supprimée", "changed so": "changée ainsi", "restored": "rétablie", "moved": "déplacée",
    "{} faan is below the agreed minimum of {}": "{0} fan, sous le minimum convenu de {1}",
    "robbing a kong is a win on another player's tile, not self-drawn":
        "voler un kong, c'est gagner sur la tuile d'un autre joueur, pas sur une pioche",
    "a player who declared a false win may not win in the same hand: his hand stays exposed and he may no longer declare Mah Jong; record the hand's real result, or undo the false win":
        "un joueur qui a déclaré un faux Mah Jong ne peut plus gagner dans la même main : sa main reste exposée et "
        "il n'a plus le droit de déclarer Mah Jong ; enregistrez le vrai résultat de la main, ou annulez le faux "
        "Mah Jong",
    "a player who declared a false win may not win in the same hand":
        "un joueur qui a déclaré un faux Mah Jong ne peut plus gagner dans la même main",
    "a double kong win is a win on a kong replacement tile":
        "gagner sur un double kong, c'est gagner sur une tuile de remplacement du kong",
    "a double kong win needs two kongs in the hand: the second declared on the first replacement tile":
        "gagner sur un double kong demande deux kongs dans la main : le second déclaré sur la première tuile de "
        "remplacement",
    "nagashi mangan is not part of the EMA 2016 rules": "le nagashi mangan ne fait pas partie des règles EMA 2016",
    "the best reading is not a winning hand ({}); this one is ({})":
        "la meilleure lecture n'est pas une main gagnante ({0}) ; celle-ci l'est ({1})",
    "no yaku": "aucun yaku",
    # the hand and its notation (scorer.HandError)
    "a chow can only be claimed from the player on the left": "un chow ne se prend qu'au joueur de gauche",
    "a concealed kong has no claimed tile": "un kong caché n'a pas de tuile prise",
    "a concealed kong was not claimed from anyone": "un kong caché n'est pris à personne",
    "a hand cannot win both on a kong replacement tile and by robbing a kong":
        "une main ne peut pas gagner à la fois sur une tuile de remplacement et en volant un kong",
    "a hand is a dict (hand JSON), notation text or a Hand": "une main est un objet JSON ou une notation",
    "a hand must be a JSON object": "une main doit être un objet JSON",
    "a West or North round wind: EMA plays the East and South rounds only (002 §3.1); the hand is scored with the "
    "round wind given":
        "vent de manche Ouest ou Nord : l'EMA ne joue que les manches Est et Sud (002 §3.1) ; la main est comptée "
        "avec le vent de manche donné",
    "red fives held count as plain fives: EMA 2016 has no red fives (« il n'y a plus de cinq rouges »); "
    "red fives as the game's house rule, or in this hand's context, count each as a dora":
        "les cinq rouges tenus comptent comme des cinq ordinaires : l'EMA 2016 n'en a plus (« il n'y a plus de "
        "cinq rouges ») ; les cinq rouges en règle maison de la partie, ou dans le contexte de cette main, comptent "
        "chacun comme une dora",
    "a request made by another web site's page is refused: open the app itself":
        "une requête faite par la page d'un autre site web est refusée : ouvrez l'application elle-même",
    "the game log is busy with another device's change (a large import?): try again in a moment":
        "le journal des parties est occupé par la modification d'un autre appareil (une grosse importation ?) : "
        "réessayez dans un instant",
    "a self-drawn win has no discarder": "une victoire sur pioche n'a pas de donneur de l'écart",
    "a kong replacement tile is drawn from the wall: a win on it has no discarder":
        "une tuile de remplacement de kong se pioche dans le mur : une victoire sur elle n'a pas de donneur de l'écart",
    "a kong replacement tile is drawn: self_drawn cannot be false":
        "la tuile de remplacement d'un kong est piochée : « pioche » ne peut pas être faux",
    "a meld has 3 or 4 tiles, not {}": "une combinaison a 3 ou 4 tuiles, pas {0}",
    "a meld must be an object": "une combinaison doit être un objet",
    "a {} has {} tiles, not {}": "un {0} a {1} tuiles, pas {2}",
    "bonus must be a list": "les fleurs doivent être une liste",
    "claimed tile {} is not in the meld": "la tuile prise {0} n'est pas dans la combinaison",
    "concealed must be a list of tile codes": "« concealed » doit être une liste de codes de tuiles",
    "context must be an object": "le contexte doit être un objet",
    "empty meld": "combinaison vide", "flowers cannot be in a meld": "les fleurs ne vont pas dans une combinaison",
    "from must be left, across, right or null, not {}": "« from » doit être left, across, right ou null, pas {0}",
    "hand JSON does not parse: {}": "le JSON de la main est illisible : {0}",
    "hand is required (hand JSON or notation)": "la main est requise (JSON ou notation)",
    "rules is required: mcr, riichi, hk or classical (GET /api/rules)":
        "le jeu de règles est requis : mcr, riichi, hk ou classical (GET /api/rules)",
    "meld tiles must be a list": "les tuiles d'une combinaison doivent être une liste",
    "meld type must be chow, pung or kong, not {}": "une combinaison est un chow, un pung ou un kong, pas {0}",
    "melds must be a list": "les combinaisons doivent être une liste",
    "only flowers or seasons written ({}): they lie apart, and a hand has its 14 playing tiles besides them, the winning tile last":
        "seulement des fleurs ou des saisons écrites ({0}) : elles sont posées à part, et une main a ses 14 tuiles "
        "de jeu en plus d'elles, la tuile gagnante en dernier",
    "{}; 10{} is read as 1{} and 0{} (a red 5{}): there is no 10":
        "{0} ; 10{1} se lit 1{2} et 0{3} (un 5{4} rouge) : il n'y a pas de 10",
    "no standing tiles: the winning tile is the last tile written outside brackets":
        "pas de tuile debout : la tuile gagnante est la dernière écrite hors des crochets",
    "notation longer than {} characters": "notation de plus de {0} caractères",
    "notation must be text": "la notation doit être du texte",
    "numbers with no suit letter after them": "des chiffres sans lettre de famille après eux",
    "only a kong can be declared concealed; a concealed chow or pung stays among the standing tiles":
        "seul un kong peut être déclaré caché ; un chow ou un pung caché reste parmi les tuiles debout",
    "only an exposed kong can be an added kong": "seul un kong exposé peut être un kong ajouté",
    "out on a replacement tile needs a kong among the melds":
        "gagner sur une tuile de remplacement demande un kong parmi les combinaisons",
    "parentheses hold a concealed kong of 4 identical tiles": "les parenthèses entourent un kong caché de 4 tuiles identiques",
    "+ marks an added kong: 4 tiles in square brackets, the fourth drawn and added to a claimed pung":
        "+ marque un kong ajouté : 4 tuiles entre crochets, la quatrième piochée et ajoutée à un pung pris",
    "a robbed kong is never the last tile: no kong can be declared once the wall is empty, and a robbed tile is not a discard":
        "un kong volé n'est jamais la dernière tuile : aucun kong ne se déclare une fois le mur vide, et une tuile "
        "volée n'est pas un écart",
    "the winning tile cannot be the last of its kind: the winner holds {} other copy(ies) of it, and the 3 others must be discarded or in exposed sets":
        "la tuile gagnante ne peut pas être la dernière de sa sorte : le gagnant en a {0} autre(s) exemplaire(s), "
        "et les 3 autres doivent être écartés ou dans des combinaisons exposées",
    "robbing a kong is a win on another player's tile: self_drawn cannot be true":
        "voler un kong, c'est gagner sur la tuile d'un autre joueur : ce n'est pas une pioche",
    "suit letter {} with no numbers before it": "lettre de famille {0} sans chiffre avant elle",
    "the robbed tile completes another player's kong: no other copy of it can be in the winner's hand":
        "la tuile volée complète le kong d'un autre joueur : aucune autre copie ne peut être dans la main du gagnant",
    "tiles must be text": "les tuiles doivent être du texte",
    "{}; the last tile written, {}, is a flower or season: it lies apart and is not the winning tile (write the winning tile last among the others); a flower wins only under Hong Kong old style, as the eighth of eight: here {}":
        "{0} ; la dernière tuile écrite, {1}, est une fleur ou une saison : elle est posée à part et n'est pas "
        "la tuile gagnante (écrivez la tuile gagnante en dernier parmi les autres) ; une fleur ne fait gagner qu'en "
        "règles de Hong Kong, comme la huitième des huit : ici {2}",
    "{}; with all eight flowers and seasons the eighth is the winning tile":
        "{0} ; avec les huit fleurs et saisons, la huitième est la tuile gagnante",
    "a flower or season ({}) wins only as the eighth of all eight, laid out with the others":
        "une fleur ou une saison ({0}) ne fait gagner que comme la huitième des huit, posée avec les autres",
    "a win on the eighth flower is made with the 13 tiles held, not {}: {} standing + {} meld(s) × 3":
        "une victoire sur la huitième fleur se fait avec les 13 tuiles tenues, pas {0} : {1} debout + {2} "
        "combinaison(s) × 3",
    "a win on the eighth flower is a Hong Kong old-style hand: under these rules the 13 tiles held make no winning hand":
        "une victoire sur la huitième fleur est une main de l'ancienne règle de Hong Kong : avec ces règles, les 13 "
        "tuiles tenues ne font pas une main gagnante",
    "too {} tiles: {} standing + {} meld(s) × 3 = {}, a winning hand has 14 with its winning tile (a kong counts as 3)":
        "{0} de tuiles : {1} debout + {2} combinaison(s) × 3 = {3}, une main gagnante en a 14 avec sa tuile gagnante "
        "(un kong compte pour 3)",
    "too {} tiles: {} standing + {} meld(s) × 3 = {}, a winning hand has 14 with its winning tile (a kong counts as 3); the winning tile is one of the 14: written after the space, it is not written before it too":
        "{0} de tuiles : {1} debout + {2} combinaison(s) × 3 = {3}, une main gagnante en a 14 avec sa tuile gagnante "
        "(un kong compte pour 3) ; la tuile gagnante est l'une des 14 : écrite après l'espace, elle ne s'écrit pas aussi avant",
    "too {} tiles: {} standing + {} meld(s) × 3 = {}, a winning hand has 14 with its winning tile (a kong counts as 3); one tile too many: remove the one that is not in the hand":
        "{0} de tuiles : {1} debout + {2} combinaison(s) × 3 = {3}, une main gagnante en a 14 avec sa tuile gagnante "
        "(un kong compte pour 3) ; une tuile de trop : retirez celle qui n'est pas dans la main",
    "{}: only the Japanese rules (riichi) score them; without --rules the hand is scored under MCR: add --rules riichi (or --rules all to compare)":
        "{0} : seules les règles japonaises (riichi) les comptent ; sans --rules, la main est comptée selon le MCR : "
        "ajoutez --rules riichi (ou --rules all pour comparer)",
    "{}: only the Japanese rules (riichi) score it; without --rules the hand is scored under MCR: add --rules riichi (or --rules all to compare)":
        "{0} : seules les règles japonaises (riichi) le comptent ; sans --rules, la main est comptée selon le MCR : "
        "ajoutez --rules riichi (ou --rules all pour comparer)",
    "too {} tiles: {} standing + {} meld(s) × 3 = {}, a winning hand has 14 with its winning tile (a kong counts as 3); four {} stand in the hand: a kong counts as 3, so declare them as a kong (concealed or exposed), not as four standing tiles":
        "{0} de tuiles : {1} debout + {2} combinaison(s) × 3 = {3}, une main gagnante en a 14 avec sa tuile gagnante "
        "(un kong compte pour 3) ; quatre {4} sont debout dans la main : un kong compte pour 3, déclarez-les donc en "
        "kong (caché ou exposé), pas en quatre tuiles debout",
    # typed notation's hint after the tile count's message (scorer.to_hand), that message in French too
    "{}; typed, a kong is written ({}) concealed, [{}] exposed": "{0} ; à la saisie, un kong s'écrit ({1}) caché, [{2}] exposé",
    "too {} tiles: {} standing + {} meld(s) × 3 = {}, a winning hand has 14 with its winning tile (a kong counts as 3); seven pairs has no kong: its four identical tiles stay standing, as two pairs":
        "{0} de tuiles : {1} debout + {2} combinaison(s) × 3 = {3}, une main gagnante en a 14 avec sa tuile gagnante "
        "(un kong compte pour 3) ; sept paires n'a pas de kong : ses quatre tuiles identiques restent debout, en deux paires",
    "unexpected character {}": "caractère inattendu {0}",
    "unexpected character {}: a tile is digits then a suit letter: m characters, p dots, s bamboos, z honours, f flowers and seasons; or a capital for a wind or dragon: E S W N, P F C":
        "caractère inattendu {0} : une tuile s'écrit en chiffres suivis de la lettre de sa famille : m caractères, "
        "p ronds, s bambous, z honneurs, f fleurs et saisons ; ou d'une majuscule pour un vent ou un dragon : "
        "E S W N (Est, Sud, Ouest : W ou O, Nord), P F C (dragons blanc, vert, rouge)",
    "dora indicators: {} (character {} of {})": "indicateurs de dora : {0} (caractère {1} de {2})",
    "ura dora indicators: {} (character {} of {})": "indicateurs d'ura dora : {0} (caractère {1} de {2})",
    "dora indicators: {}": "indicateurs de dora : {0}",
    "name winner {} of this hand, whose hand is typed": "nommez le gagnant {0} de cette main, dont la main est saisie",
    "type the hand of winner {}": "saisissez la main du gagnant {0}",
    "type the winner's hand": "saisissez la main du gagnant",
    "the winners of one discard win on the same tile: {} were given":
        "les gagnants d'un même écart gagnent sur la même tuile : {0} ont été données",
    "the winners' hands hold {} between them, counting the discard once: a set has 4 of each tile (002 §1.3)":
        "les mains des gagnants contiennent ensemble {0}, l'écart compté une fois : un jeu a 4 exemplaires de "
        "chaque tuile (002 §1.3)",
    "the dora indicators are the table's, the same for every winner (002 §2.7): {} were given":
        "les indicateurs de dora sont ceux de la table, les mêmes pour chaque gagnant (002 §2.7) : {0} ont été donnés",
    "the ura dora indicators are the table's, the same for every winner (002 §2.7): {} were given":
        "les indicateurs d'ura dora sont ceux de la table, les mêmes pour chaque gagnant (002 §2.7) : {0} ont été donnés",
    "ura dora indicators: {}": "indicateurs d'ura dora : {0}",
    "unexpected character {}: suit letters are lowercase (m, p, s, z); capitals name winds and dragons (E S W N, P F C)":
        "caractère inattendu {0} : les lettres des familles s'écrivent en minuscules (m, p, s, z) ; les majuscules "
        "nomment les vents et les dragons (E S W N ou O : Est, Sud, Ouest, Nord ; P F C ou B V R : dragons blanc, vert, rouge)",
    "unexpected character {} after numbers: suit letters are lowercase (m, p, s, z); capitals name winds and dragons (E S W N, P F C)":
        "caractère inattendu {0} après des chiffres : les lettres des familles s'écrivent en minuscules (m, p, s, z) ; "
        "les majuscules nomment les vents et les dragons (E S W N ou O : Est, Sud, Ouest, Nord ; P F C ou B V R : "
        "dragons blanc, vert, rouge)",
    "unknown context key {}; known keys: {}": "clé de contexte inconnue {0} ; clés connues : {1}",
    "unknown hand key {}; known keys: {}": "clé de main inconnue {0} ; clés connues : {1}",
    "unknown meld key(s): {}": "clé(s) de combinaison inconnue(s) : {0}",
    "winning tile {} is not among the standing tiles": "la tuile gagnante {0} n'est pas parmi les tuiles debout",
    "winning_tile is required": "la tuile gagnante est requise",
    "{} appears {} times: each flower and season exists once": "{0} apparaît {1} fois : chaque fleur et saison existe une fois",
    "{} closes nothing": "{0} ne ferme rien", "{} copies of {}: a tile set has only 4 of each tile": "{0} exemplaires de {1} : un jeu n'a que 4 exemplaires de chaque tuile", "{} copies of {} ({} in sets, {} standing): a tile set has only 4 of each tile": "{0} exemplaires de {1} ({2} dans des combinaisons, {3} debout) : un jeu n'a que 4 exemplaires de chaque tuile",
    "{} is a flower/season: put it in bonus": "{0} est une fleur ou saison : mettez-la avec les fleurs",
    "{} is never closed": "{0} n'est jamais fermé",
    "{} is not a chow (three consecutive tiles of one suit)": "{0} n'est pas un chow (trois tuiles qui se suivent, d'une famille)",
    "{} is not a flower or season (1f-8f)": "{0} n'est pas une fleur ou une saison (1f-8f)",
    # why a riichi or Hong Kong pattern is not counted (the scorers' ExcludedItem rules)
    "yakuman do not combine (« Les yakuman ne sont pas cumulatifs »)":
        "les yakuman ne se cumulent pas (« Les yakuman ne sont pas cumulatifs »)",
    "a yakuman is worth the limit alone: other yaku and dora do not add (« Les autres yaku ou dora sont sans importance »)":
        "un yakuman vaut la limite à lui seul : les autres yaku et les dora ne s'ajoutent pas (« Les autres yaku ou "
        "dora sont sans importance »)",
    "a yakuman is worth more than renhou's mangan; the best reading is scored":
        "un yakuman vaut plus que le mangan du renhou ; la meilleure lecture est comptée",
    "no other yaku, dora included, count with renhou": "aucun autre yaku, dora compris, ne compte avec le renhou",
    "the hand is worth more than renhou's mangan without it; the best reading is scored":
        "la main vaut plus que le mangan du renhou sans lui ; la meilleure lecture est comptée",
    "the pattern that counts it already requires it: not counted twice":
        "la combinaison qui le compte l'exige déjà : pas compté deux fois",
    "{} is not a tile: honours are 1z-7z (E S W N, P F C)":
        "{0} n'est pas une tuile : les honneurs vont de 1z à 7z (E S W N, P F C)",
    "{} is not a tile: flowers and seasons are 1f-8f": "{0} n'est pas une tuile : fleurs et saisons vont de 1f à 8f",
    "{} is not a tile: honours are 1z-7z (E S W N, P F C); every digit belongs to the suit letter after it: {} names {}":
        "{0} n'est pas une tuile : les honneurs vont de 1z à 7z (E S W N, P F C) ; chaque chiffre appartient à la "
        "lettre de famille qui le suit : {1} désigne {2}",
    "{} is not a tile: flowers and seasons are 1f-8f; every digit belongs to the suit letter after it: {} names {}":
        "{0} n'est pas une tuile : fleurs et saisons vont de 1f à 8f ; chaque chiffre appartient à la lettre de "
        "famille qui le suit : {1} désigne {2}",
    "{} is not a playing tile code": "{0} n'est pas un code de tuile de jeu",
    "{} is a flower or season: flowers are not used in riichi, so none indicates a dora":
        "{0} est une fleur ou une saison : les fleurs ne sont pas utilisées au riichi, aucune n'indique de dora", "{} is not a tile": "{0} n'est pas une tuile",
    "{} is not a tile code (1m-9m, 1p-9p, 1s-9s, 1z-7z, 0m/0p/0s, 1f-8f)":
        "{0} n'est pas un code de tuile (1m-9m, 1p-9p, 1s-9s, 1z-7z, 0m/0p/0s, 1f-8f)",
    "{} is not a kong (four identical tiles)": "{0} n'est pas un kong (quatre tuiles identiques)",
    "{} is not a pung (three identical tiles)": "{0} n'est pas un pung (trois tuiles identiques)",
    "{} must be notation text or a hand object": "{0} doit être une notation ou un objet main",
    # rule sets and options (scorer.RulesError)
    "unknown rule set {}; choose one of {}": "règles inconnues {0} ; choisissez parmi {1}",
    "unknown option {}; known options: {}": "option inconnue {0} ; options connues : {1}",
    "option {} must be a whole number": "l'option {0} doit être un nombre entier",
    "option {} must be at least {}, not {}": "l'option {0} doit valoir au moins {1}, pas {2}",
    "option {} must be at most {}, not {}": "l'option {0} doit valoir au plus {1}, pas {2}",
    "option {} must be one of {}, not {}": "l'option {0} doit être l'une de {1}, pas {2}",
    "option {} must be true or false": "l'option {0} doit être vraie ou fausse",
    "options apply to one rule set; name it in rules": "les options valent pour un jeu de règles : nommez-le",
    "options must be an object": "les options doivent être un objet", "limit must be positive": "la limite doit être positive",
    "min_faan is above max_faan": "le minimum de fan dépasse le maximum",
    "rules must be a rule set name": "les règles doivent être un nom de jeu de règles",
    # the game log (webui/gamelog.py, webui/settlement.py)
    "a game has four players": "une partie a quatre joueurs", "player {} needs a name": "le joueur {0} doit avoir un nom",
    "the four players need different names: players {} and {} ({} and {}) read alike on a score sheet":
        "les quatre joueurs doivent avoir des noms différents : les joueurs {0} et {1} ({2} et {3}) se lisent pareil sur une feuille de marque",
    "{} holds a control character (U+{}) at position {}: write it without":
        "{0} contient un caractère de contrôle (U+{1}) en position {2} : écrivez-le sans",
    "player {}'s name is one line": "le nom du joueur {0} tient sur une ligne",
    "the game's name is one line": "le nom de la partie tient sur une ligne",
    "the winner cannot be liable for their own win": "le gagnant ne peut pas être responsable de sa propre victoire",
    "player {}'s name has {} characters: at most {}": "le nom du joueur {0} a {1} caractères : {2} au plus",
    "the game's name has {} characters: at most {}": "le nom de la partie a {0} caractères : {1} au plus",
    "a game of more than {} hands is not a game this app exported": "une partie de plus de {0} mains n'a pas été exportée par cette application",
    "a history of more than {} changes is not one this app exported":
        "un historique de plus de {0} modifications n'a pas été exporté par cette application",
    "a change is {seq, action: edit, delete, undo, restore, rename, options, move, move_in or substitute, before, after, created}":
        "une modification est {{seq, action : edit, delete, undo, restore, rename, options, move, move_in ou substitute, before, after, created}}",
    "a move names the other game as {name, seq}": "un déplacement nomme l'autre partie par {{name, seq}}",
    "only a deleted or undone hand of this game log can be restored (an imported game's history keeps none)":
        "seule une main supprimée ou annulée de ce journal peut être rétablie (l'historique d'une partie importée "
        "n'en garde aucune)",
    "this hand was restored already": "cette main a déjà été rétablie",
    "context {} is given twice, differently: in the hand's context and in the request's; give it once":
        "le contexte {0} est donné deux fois, différemment : dans le contexte de la main et dans celui de la requête ; "
        "donnez-le une fois",
    "the file's hand numbers skip or repeat from hand {}: hands were taken out or copied in; the hands kept are numbered again":
        "les numéros de main du fichier sautent ou se répètent à partir de la main {0} : des mains ont été retirées ou "
        "ajoutées ; les mains gardées sont numérotées à nouveau",
    "this game has the same players, date and hands as game {}, already here: delete one if it was imported twice":
        "cette partie a les mêmes joueurs, la même date et les mêmes mains que la partie {0}, déjà là : supprimez-en "
        "une si elle a été importée deux fois",
    "the file's points differ from its hands' in {} hand(s), from hand {}: the points of the hands as scored are kept":
        "les points du fichier diffèrent de ceux de ses mains dans {0} main(s), à partir de la main {1} : les points "
        "des mains telles que comptées sont gardés",
    "the game log could not be read or written ({})": "le journal des parties n'a pas pu être lu ou écrit ({0})",
    "the disk holding the game log is full (or cannot be written): nothing was recorded; free some space, then send it again":
        "le disque du journal des parties est plein (ou ne peut pas être écrit) : rien n'a été enregistré ; libérez de "
        "la place, puis envoyez à nouveau",
    "this hand was changed in another tab or on another device since this page was loaded: reload it to see the hand as it is now (this page's last change is not kept)":
        "cette main a été modifiée dans un autre onglet ou sur un autre appareil depuis le chargement de cette page : "
        "rechargez-la pour voir la main telle qu'elle est (la dernière modification de cette page n'est pas gardée)",
    "this hand was changed in another tab or on another device since this page was loaded: reload it to see the hand as it is now, then record it":
        "cette main a été modifiée dans un autre onglet ou sur un autre appareil depuis le chargement de cette page : "
        "rechargez-la pour voir la main telle qu'elle est, puis enregistrez-la",
    "this hand was recorded again since, as hand {}": "cette main a été enregistrée à nouveau depuis, comme main {0}",
    "this hand was recorded again since, in game {}": "cette main a été enregistrée à nouveau depuis, dans la partie {0}",
    "this photo's hand is already recorded in game {}": "la main de cette photo est déjà enregistrée dans la partie {0}",
    "the game was renamed “{}” on another device since this page was drawn: nothing was changed; the form shows the names as they are now":
        "la partie a été renommée « {0} » sur un autre appareil depuis l'affichage de cette page : rien n'a été "
        "modifié ; le formulaire montre les noms tels qu'ils sont maintenant",
    "{} was renamed “{}” on another device since this page was drawn: nothing was changed; the form shows the names as they are now":
        "{0} a été renommé·e « {1} » sur un autre appareil depuis l'affichage de cette page : rien n'a été modifié ; "
        "le formulaire montre les noms tels qu'ils sont maintenant",
    "the house rules cannot be changed so: hand {}, {} ({}), would then be refused: {}; nothing was changed":
        "les règles maison ne peuvent pas être changées ainsi : la main {0}, {1} ({2}), serait alors refusée : {3} ; "
        "rien n'a été modifié",
    "{} was changed on another device since this page was drawn: nothing was changed; the form shows the house rules as they are now":
        "{0} a été changé sur un autre appareil depuis l'affichage de cette page : rien n'a été modifié ; le "
        "formulaire montre les règles maison telles qu'elles sont maintenant",
    "shown_options must be the options the page showed": "shown_options doit être les options que la page montrait",
    "a change of house rules has before and after {options}":
        "un changement de règles maison a un avant et un après {{options}}",
    "a substitute's before and after are {player, name}":
        "un remplacement a un avant et un après {{player, name}}",
    "the substitute needs a name": "le remplaçant doit avoir un nom",
    "the game changed since this page was loaded (on another device?): a substitute took a seat, which changes who plays the next hand; nothing was recorded: check the players, then send it again if it is still to record":
        "la partie a changé depuis le chargement de cette page (sur un autre appareil ?) : un remplaçant a pris un siège, ce qui change qui joue la main suivante ; rien n'a été enregistré : vérifiez les joueurs, puis renvoyez-la si elle reste à enregistrer",
    "{} took no seat in this game": "{0} n'a pris aucune place dans cette partie",
    "substitutes must be an object: {name as written: name corrected}":
        "substitutes doit être un objet : {{nom écrit : nom corrigé}}",
    "hand {} cannot be restored: {}": "la main {0} ne peut pas être rétablie : {1}",
    "the game is over: give the first hand the substitute played":
        "la partie est terminée : donnez la première main jouée par le remplaçant",
    "the substitute's name is one line": "le nom du remplaçant tient sur une ligne",
    "the substitute's name has {} characters: at most {}": "le nom du remplaçant a {0} caractères : {1} au plus",
    "the first hand the substitute plays must be a hand number, not {}":
        "la première main jouée par le remplaçant doit être un numéro de main, pas {0}",
    "a substitute takes a seat after the first hand: a name typed wrong from the start is corrected with the names":
        "un remplaçant prend un siège après la première main : un nom mal tapé dès le départ se corrige avec les noms",
    "the first hand the substitute plays can only be hand 2":
        "la première main jouée par le remplaçant ne peut être que la main 2",
    "the first hand the substitute plays is a hand from 2 to {}":
        "la première main jouée par le remplaçant est une main de 2 à {0}",
    "{} plays that seat at hand {} already": "{0} joue déjà ce siège à la main {1}",
    "{} already plays another seat in this game: one player cannot take two seats":
        "{0} joue déjà un autre siège dans cette partie : un joueur ne peut pas prendre deux sièges",
    "{} already plays another seat in this game ({}'s): one player cannot take two seats":
        "{0} joue déjà un autre siège dans cette partie (celui où {1} a commencé) : un joueur ne peut pas prendre deux sièges",
    "{} already played another seat in this game ({}'s): one player cannot take two seats":
        "{0} a déjà joué un autre siège dans cette partie (celui où {1} a commencé) : un joueur ne peut pas prendre deux "
        "sièges",
    "players must be four names": "players doit être quatre noms",
    "a rename's before and after are {name, players: four names}":
        "un changement de noms a un avant et un après {{name, players : quatre noms}}",
    "the game is over: resume it first, then restore the hand":
        "la partie est terminée : reprenez-la d'abord, puis rétablissez la main",
    "a hand of the history has a kind: win, draw, penalty or end":
        "une main de l'historique a un type : win, draw, penalty ou end",
    "history must be a list": "l'historique doit être une liste",
    "seq must be a hand number": "seq doit être un numéro de main",
    "winners must be at most three {winner, notation}": "winners est une liste d'au plus trois {{winner, notation}}",
    "a hand has at most {} payments": "une main a au plus {0} paiements",
    "a hand must be an object": "une main doit être un objet", "a hand record must be an object": "une main enregistrée doit être un objet",
    "the hand record must be an object": "la main enregistrée doit être un objet",
    "a payment is {payer: 0-3 or null, payee: 0-3 or null, amount}": "un paiement est {{payer: 0-3 ou null, payee: 0-3 ou null, amount}}",
    "a player cannot discard to themself": "un joueur ne peut pas s'écarter à lui-même",
    "a win needs a winner": "une victoire demande un gagnant", "a win needs its winners": "une victoire demande ses gagnants",
    "amount must be a whole number": "le montant doit être un nombre entier",
    "amount must be a whole number of points from 1 to {}": "le montant doit être un nombre entier de points de 1 à {0}",
    "contexts must be a list in the order of winners": "les contextes doivent être une liste dans l'ordre des gagnants",
    "deltas must be four whole or half numbers": "les écarts doivent être quatre nombres entiers ou demi-entiers",
    "deltas of a hand must sum to 0": "les écarts d'une main doivent faire 0 au total",
    "game must be an object": "la partie doit être un objet", "game.players must be four names": "les joueurs doivent être quatre noms",
    "game.rules must be a rule set name": "les règles de la partie doivent être un nom de jeu de règles",
    "give each winner's hand: hands, in the order of winners (or winners as objects {winner, hand, context})":
        "donnez la main de chaque gagnant : hands, dans l'ordre des gagnants (ou winners en objets {{winner, hand, context}})",
    "hand is required for a win": "la main est requise pour une victoire", "hands must be a list": "les mains doivent être une liste",
    "hands[{}]: {}": "main {0} : {1}",
    "game.money: {}": "règlement en argent de la partie : {0}",
    "the hand is in that game already: choose another game": "la main est déjà dans cette partie : choisissez-en une autre",
    "each player of this game must be a different player of the other game":
        "chaque joueur de cette partie doit être un joueur différent de l'autre partie",
    "the end of a game cannot move to another game": "la fin d'une partie ne peut pas aller dans une autre partie",
    "hand {} is scored under {}: it can move only to a game of those rules":
        "la main {0} est comptée en {1} : elle ne peut aller que dans une partie de ces règles",
    "{} cannot take hand {}: {}": "{0} ne peut pas prendre la main {1} : {2}",
    "game {} ({}) was over: its final table has changed without hand {}; export its score sheet again":
        "la partie {0} ({1}) était terminée : son classement final a changé sans la main {2} ; exportez à nouveau sa "
        "feuille de score",
    "game {} ({}) was over: without hand {} its last round is not played out, and it is in play again":
        "la partie {0} ({1}) était terminée : sans la main {2}, son dernier tour n'est pas joué jusqu'au bout, et elle "
        "reprend",
    "{} cannot take hand {} before its hand {}, where it was played: hand {}, {} ({}), would then be refused: {}":
        "{0} ne peut pas prendre la main {1} avant sa main {2}, où elle a été jouée : la main {3}, {4} ({5}), serait alors refusée : {6}",
    "hand {} is the only one before the game's end: resume the game first (Resume the game), then move it; nothing was moved":
        "la main {0} est la seule avant la fin de la partie : reprenez d'abord la partie (Reprendre la partie), puis "
        "déplacez-la ; rien n'a été déplacé",
    "to must be the id of the game to move the hand to": "to doit être l'identifiant de la partie où déplacer la main",
    "choose the game to move the hand to": "choisissez la partie où déplacer la main",
    "there is no {} round in this game: its rules play no such round (docs/rulings.md)":
        "il n'y a pas de tour {0} dans cette partie : ses règles n'en jouent pas (docs/rulings.md)",
    "hand {}: not a winning hand under {} as {} ({}) in the {} round: {}":
        "main {0} : pas une main gagnante en {1} comme {2} ({3}) au tour {4} : {5}",
    # under the table's minimum, with the advice gamelog.HandRefused adds: "(record it as a false
    # win)" stayed English, the shorter pattern above taking it into its last value
    "hand {}: not a winning hand under {} as {} ({}) in the {} round: {} (record it as a false win)":
        "main {0} : pas une main gagnante en {1} comme {2} ({3}) au tour {4} : {5} (enregistrez-la comme faux "
        "Mah-jong)",
    # « l'un de ces joueurs : » rather than « l'un de {1} », which read « l'un de Emma »
    "no player {} in this game: name one of {} (or a seat 1-4)":
        "aucun joueur {0} dans cette partie : nommez l'un de ces joueurs : {1} (ou un siège de 1 à 4)",
    "{} left the table: {} plays that seat now (name one of {}, or a seat 1-4)":
        "{0} a quitté la table : {1} joue ce siège maintenant (nommez l'un de ces joueurs : {2}, ou un siège de 1 à 4)",
    "hand {}: impossible win context under {} as {} ({}) in the {} round: {}":
        "main {0} : contexte de victoire impossible en {1} comme {2} ({3}) au tour {4} : {5}",
    "not a winning hand under {} as {} ({}) in the {} round: {}":
        "pas une main gagnante en {0} comme {1} ({2}) au tour {3} : {4}",
    "impossible win context under {} as {} ({}) in the {} round: {}":
        "contexte de victoire impossible en {0} comme {1} ({2}) au tour {3} : {4}",
    "kind must be win or false_win": "le type doit être win ou false_win",
    "kind must be win, draw, penalty or end": "le type doit être win, draw, penalty ou end",
    "give the winner either as winner and hand, or in winners, not both":
        "donnez le gagnant soit par winner et hand, soit dans winners, pas les deux",
    "in a game, the hand's discarder says who discarded (a player 0-3, or null when self-drawn), not context.{}":
        "dans une partie, le champ discarder de la main dit qui a écarté (un joueur 0-3, ou null en pioche), pas context.{0}",
    "in a game, the hand's discarder says who discarded (a player 0-3, or null when self-drawn), not {}.{}":
        "dans une partie, le champ discarder de la main dit qui a écarté (un joueur 0-3, ou null en pioche), pas {0}.{1}",
    "a {} has no {}: send only its own fields": "ce type de main ({0}) n'a pas de champ {1} : n'envoyez que ses propres champs",
    "false win (chombo)": "faux Mah-jong (chombo)", "game's end": "fin de partie", "draw": "main nulle", "win": "victoire",
    "say who discarded: discarder is a player 0-3, or null when self-drawn":
        "dites qui a écarté : discarder est un joueur 0-3, ou null en pioche",
    "unknown key {}; known keys: {}": "clé inconnue {0} ; clés connues : {1}",
    "unknown key {}: send an empty JSON object": "clé inconnue {0} : envoyez un objet JSON vide",
    "{} is sent twice: send it once": "{0} est envoyé deux fois : envoyez-le une fois",
    "context {} is given twice, differently: in the context field and as a field of its own; give it once":
        "le contexte {0} est donné deux fois, différemment : dans le champ context et comme champ à part ; donnez-le une fois",
    "send one photo a request": "envoyez une photo par requête",
    "the active tile-set profile {} is damaged ({}); it was {} and deactivated: the base model reads alone (calibrate again to make a new one, or import a copy you downloaded)":
        "le profil de jeu de tuiles actif {0} est abîmé ({1}) ; il a été {2} et désactivé : le modèle de base lit seul (calibrez de nouveau pour en faire un nouveau, ou importez une copie téléchargée)",
    "set aside as profiles/{}": "mis de côté sous profiles/{0}", "set aside": "mis de côté",
    "the key {} is given twice in one object": "la clé {0} est donnée deux fois dans un même objet",
    "the file's notation differs from its hand in {} hand(s), from hand {}: the hand as written in its JSON is kept":
        "la notation du fichier diffère de sa main dans {0} main(s), à partir de la main {1} : la main telle qu'écrite dans son JSON est gardée",
    "the file has keys this app does not write, left out: {}": "le fichier a des clés que cette application n'écrit pas, laissées de côté : {0}",
    # what a complete riichi hand without a yaku lacks of the nearest ones (scorer/riichi/scoring.py _nearest_yaku)
    "a 1, a 9 or an honour is in the hand: {}": "un 1, un 9 ou un honneur est dans la main : {0}",
    "the hand is open (a set was claimed): pinfu needs a concealed hand":
        "la main est exposée (un élément a été pris sur un écart) : pinfu demande une main cachée",
    "won on a discard: a concealed hand counts it only when won on a self-drawn tile":
        "gagné sur un écart : une main cachée ne le compte que gagnée sur pioche",
    "won on a discard that completes a pung, which then counts as exposed: four concealed pungs win on a discard only on a pair wait « Gagner sur un écart n'est autorisé que dans le cas d'une attente sur la paire. »":
        "gagné sur un écart qui complète un pung, compté alors comme exposé : « Gagner sur un écart n'est autorisé que dans le cas d'une attente sur la paire. »",
    "the chow {} twice, but the hand is open: pure double chow needs a concealed hand":
        "le chow {0} deux fois, mais la main est exposée : Double Chows Purs demande une main cachée",
    "Pinfu is four chows, a pair of no value and a two-sided wait: {}.":
        "Pinfu, c'est quatre chows, une paire sans valeur et une attente des deux côtés : {0}.",
    "here the winning tile completes an edge wait": "ici, la tuile gagnante complète une attente au bord",
    "here the winning tile completes a closed wait": "ici, la tuile gagnante complète une attente fermée",
    "here the winning tile completes the pair": "ici, la tuile gagnante complète la paire",
    "here the pair is a value pair": "ici, la paire est une paire de valeur",
    "discarder is a player 0-3, or null when self-drawn (JSON null, not a word or an empty string)":
        "discarder est un joueur 0-3, ou null en pioche (le null de JSON, pas un mot ni une chaîne vide)",
    "Only a hand that scores nothing else: here the fans above count.":
        "Seulement pour une main qui ne compte rien d'autre : ici, les combinaisons ci-dessus comptent.",
    "tournament mode is a riichi option": "le mode tournoi est une option du riichi",
    "starting points and uma are riichi options": "les points de départ et l'uma sont des options du riichi",
    "the starting points must be a whole number of hundreds from {} to {}, not {}":
        "les points de départ doivent être un nombre entier de centaines de {0} à {1}, pas {2}",
    "the starting points must be a whole number, not {}": "les points de départ doivent être un nombre entier, pas {0}",
    "the uma must be four whole numbers of hundreds, 1st place first":
        "l'uma doit être quatre nombres entiers de centaines, la 1re place d'abord",
    "the uma must add up to 0, not {}": "la somme de l'uma doit être 0, pas {0}",
    "the uma must not give a place more than the place before it":
        "l'uma ne doit pas donner à une place plus qu'à la place avant elle",
    "unknown uma: choose one of the list": "uma inconnu : choisissez-en un de la liste",
    "seat changes between rounds are an MCR option": "les changements de place entre les tours sont une option du MCR",
    "hand_id is given twice, differently: in the body and in the address; give it once":
        "hand_id est donné deux fois, différemment : dans le corps et dans l'adresse ; donnez-le une fois",
    "an edit is guarded by ?hand_id=ID (the hand as the client showed it), not expect_seq":
        "une modification est gardée par ?hand_id=ID (la main telle que le client l'a montrée), pas par expect_seq",
    "this {} was used for another hand in this game: send a new key for a new hand":
        "cette {0} a servi pour une autre main de cette partie : envoyez une nouvelle clé pour une nouvelle main",
    "kind must be win, draw, penalty (chombo) or end": "le type doit être win, draw, penalty (chombo) ou end",
    "the end of the game is no hand: no riichi or tenpai to record":
        "la fin de la partie n'est pas une main : pas de riichi ni de tenpai à enregistrer",
    "name the winner and the hand": "nommez le gagnant et la main",
    "name the winner of this hand": "nommez le gagnant de cette main",
    "say who discarded the winning tile, or that it was self-drawn":
        "dites qui a écarté la tuile gagnante, ou qu'elle a été piochée par le gagnant",
    "no hand to record yet": "pas encore de main à enregistrer",
    "not an mjtable game export (format must be mjtable-game)": "pas un export de partie mjtable (le format doit être mjtable-game)",
    "the scorer charges the dealer, but the dealer won": "le calcul fait payer le croupier, mais le croupier a gagné",
    "the scorer charges the discarder: say who discarded the winning tile":
        "le calcul fait payer le donneur de l'écart : dites qui a écarté la tuile gagnante",
    "the scorer named a payer this app cannot seat: {}": "le calcul nomme un payeur que l'application ne peut pas placer : {0}",
    "the winner cannot have discarded the winning tile": "le gagnant ne peut pas avoir écarté la tuile gagnante",
    "this game has no hand to undo": "cette partie n'a aucune main à annuler",
    "this change would end the game earlier: the last {} hand(s) recorded would come after its end; delete them "
    "first, then make the change; nothing was changed":
        "cette modification finirait la partie plus tôt : les {} dernière(s) main(s) enregistrée(s) viendraient après "
        "sa fin ; supprimez-les d'abord, puis faites la modification ; rien n'a été changé",
    "this game is over (its last round was played, or the players ended it): undo or edit a hand, or start a new game":
        "cette partie est finie (son dernier tour est joué, ou les joueurs l'ont arrêtée) : annulez ou modifiez une main, ou commencez une nouvelle partie",
    "give the hand in notation or --photo FILE, one of the two": "donnez la main en notation ou --photo FICHIER, l'un des deux",
    "--correct corrects the tiles of one --photo: with several winners' photos, check each with mjtable read PHOTO --correct N=CODE, then record their hands in notation":
        "--correct corrige les tuiles d'une seule --photo : avec les photos de plusieurs gagnants, vérifiez chacune avec "
        "mjtable read PHOTO --correct N=CODE, puis enregistrez leurs mains en notation",
    "'{}' is not a hand in notation: a note or a name of several words goes in quotes (--note \"good hand\")":
        "« {} » n'est pas une main en notation : une note ou un nom de plusieurs mots se met entre guillemets "
        "(--note \"bonne main\")",
    # argparse's refusals of a command line (mjtable/cli.py), Python 3.11's wording
    "the following arguments are required: {}": "il manque ces arguments : {}",
    "unrecognized arguments: {}": "arguments inconnus : {}",
    "a hand with spaces goes in quotes: {}": "une main avec des espaces s'écrit entre guillemets : {}",
    "one of the arguments {} is required": "l'un des arguments {} est requis",
    "ambiguous option: {} could match {}": "option ambiguë : {} peut désigner {}",
    "argument {}: invalid choice: {} (choose from {})": "argument {} : choix invalide : {} (choisissez parmi {})",
    "argument {}: expected one argument": "argument {} : un argument attendu",
    "argument {}: expected at least one argument": "argument {} : au moins un argument attendu",
    "argument {}: expected {} arguments": "argument {} : {} arguments attendus",
    "argument {}: invalid {} value: {}": "argument {} : valeur {} invalide : {}",
    "argument {}: not allowed with argument {}": "argument {} : pas avec l'argument {}",
    "argument {}: ignored explicit argument {}": "argument {} : argument explicite ignoré : {}",
    "argument {}: {}": "argument {} : {}",
    "{}; read with the base model": "{} ; lu avec le modèle de base",
    "give one hand per --winner, in the same order (hands given: {}, winners: {})":
        "donnez une main par --winner, dans le même ordre (mains données : {}, gagnants : {})",
    "{}: {}; check it with mjtable read {}, then record its notation":
        "{0} : {1} ; vérifiez-la avec mjtable read {2}, puis enregistrez sa notation",
    # mjtable record's addition: the command line has undo, not edit (mjtable/commands/record.py)
    "{} (here: mjtable record undo {} takes back the last hand; a hand is edited on the game's page of the web app, mjtable serve)":
        "{0} (ici : mjtable record undo {1} reprend la dernière main ; une main se modifie sur la page de la partie "
        "de l'application web, mjtable serve)",
    "this hand moves {} points for player {}; at most {}: check the context's counts":
        "cette main déplace {0} points pour le joueur {1} ; au plus {2} : vérifiez les comptes du contexte",
    "unsupported export version {}": "version d'export non prise en charge {0}",
    "capped at {} faan": "plafonnée à {0} fan",
    "{} declared riichi and is not tenpai: a chombo unless the hand was declared dead after the riichi":
        "{0} a annoncé riichi sans être tenpai : un chombo, sauf si la main a été déclarée morte après l'annonce",
    "the game changed since this page was loaded (hand {} is now another hand): nothing was changed, check the "
    "hands and try again": "la partie a changé depuis le chargement de cette page (la main {0} est maintenant une "
                           "autre main) : rien n'a été modifié, vérifiez les mains et réessayez",
    "winners must be a list of 1 to {} winners": "les gagnants doivent être une liste de 1 à {0} gagnants",
    "{} payments by {} for {} player(s)": "{0} paiements par {1} pour {2} joueur(s)",
    "choose a JSON export to import": "choisissez un export JSON à importer",
    # input checks (webui/validation.py) and the server's own errors (webui/errors.py)
    "send a JSON object with Content-Type: application/json": "envoyez un objet JSON avec Content-Type: application/json",
    "send the photo as a multipart file field named image": "envoyez la photo comme fichier « image » d'un formulaire multipart",
    "the body is {} bytes; the limit is {}": "la requête fait {0} octets ; la limite est {1}",
    "the body must be a JSON object": "la requête doit être un objet JSON",
    "{} has {} {}; at most {}": "{0} a {1} éléments ; au plus {3}",
    "{} is nested more than {} levels deep": "{0} est imbriqué sur plus de {1} niveaux",
    "{} is nested too deeply": "{0} est imbriqué trop profondément",
    "{} is not JSON (not UTF-8 text)": "{0} n'est pas du JSON (pas du texte UTF-8)",
    "send the photo as a file (a multipart file field named image), not as text":
        "envoyez la photo comme fichier (un champ fichier multipart nommé image), pas comme texte",
    "this file is a backup of the whole game log (SQLite), not a game's JSON export: put it back with mjtable games --restore FILE":
        "ce fichier est une sauvegarde de tout le journal des parties (SQLite), pas l'export JSON d'une partie : "
        "remettez-la en place avec mjtable games --restore FICHIER",
    "this file is the score sheet (CSV): import the game's JSON export (the JSON link beside CSV)":
        "ce fichier est la feuille de marque (CSV) : importez l'export JSON de la partie (le lien JSON à côté de CSV)",
    "{} is not valid JSON ({})": "{0} n'est pas du JSON valide ({1})",
    "{} is not valid JSON (line {}, column {})": "{0} n'est pas du JSON valide (ligne {1}, colonne {2})",
    "{} is not valid Unicode text (a lone surrogate)": "{0} n'est pas du texte Unicode valide",
    "{} is out of range (a 64-bit integer)": "{0} est hors limites (un entier de 64 bits)",
    "{} is {} bytes as JSON; at most {}": "{0} fait {1} octets en JSON ; au plus {2}",
    "{} is {} bytes; the limit is {}": "{0} fait {1} octets ; la limite est {2}",
    "{} is {} characters; at most {}": "{0} fait {1} caractères ; au plus {2}",
    "{} is {} characters; the limit is {}": "{0} fait {1} caractères ; la limite est {2}",
    "{} must be 1-128 printable ASCII characters": "{0} doit faire 1 à 128 caractères ASCII imprimables",
    "{} must be E, S, W or N": "{0} doit être E, S, W ou N", "{} must be a list of player numbers 0-3": "{0} doit être une liste de numéros de joueur 0-3",
    "{} must be a list of tile codes": "{0} doit être une liste de codes de tuiles", "{} must be a number": "{0} doit être un nombre",
    "the rate must be a number, such as 0.5": "le taux doit être un nombre, comme 0,5",
    "the rounding step must be a number, such as 0.5": "l'arrondi doit être un nombre, comme 0,5",
    "the rate must be more than 0": "le taux doit être supérieur à 0",
    "the rate must be at most 1000000": "le taux doit être d'au plus 1 000 000",
    "the rounding step must be at least 0.01": "l'arrondi doit être d'au moins 0,01",
    "the rounding step must be at most 1000": "l'arrondi doit être d'au plus 1 000",
    "the rate is written ambiguously: no thousands separator (1000), a decimal point or comma (0.5 or 0,5)":
        "le taux est écrit de façon ambiguë : sans séparateur de milliers (1000), avec une virgule ou un point décimal (0,5 ou 0.5)",
    "the rounding step is written ambiguously: no thousands separator (1000), a decimal point or comma (0.5 or 0,5)":
        "l'arrondi est écrit de façon ambiguë : sans séparateur de milliers (1000), avec une virgule ou un point décimal (0,5 ou 0.5)",
    "{} is written ambiguously: no thousands separator (1000), a decimal point or comma (0.5 or 0,5)":
        "{0} est écrit de façon ambiguë : sans séparateur de milliers (1000), avec une virgule ou un point décimal (0,5 ou 0.5)",
    "the rate must have at most {} decimals": "le taux doit avoir au plus {0} décimales",
    "the rounding step must have at most {} decimals": "l'arrondi doit avoir au plus {0} décimales",
    "{} must have at most {} decimals": "{0} doit avoir au plus {1} décimales",
    "the points a rate is for must be a whole number from 1 to {}": "les points pour lesquels vaut le taux doivent être un nombre entier de 1 à {0}",
    "the currency must be at most {} characters": "la devise doit faire au plus {0} caractères",
    "{} must be a player number 0-3": "{0} doit être un numéro de joueur 0-3", "{} must be a whole number": "{0} doit être un nombre entier",
    "{} must be a whole number from 0 to {}, not {}": "{0} doit être un nombre entier de 0 à {1}, pas {2}",
    "{} must be a whole number from 0 to 2^63 - 1": "{0} doit être un nombre entier de 0 à 2^63 - 1",
    "{} must be a whole or half number of points within ±{}": "{0} doit être un nombre entier ou demi-entier de points dans ±{1}",
    "{} must be an object": "{0} doit être un objet", "{} must be one of E, S, W, N, not {}": "{0} doit être E, S, W ou N, pas {1}",
    "{} must be one of left, across, right (seen from the winner), not {}":
        "{0} doit être left, across ou right (vu du gagnant), pas {1}",
    "{} must be text": "{0} doit être du texte", "{} must be true or false": "{0} doit être vrai ou faux",
    "{} must be true or false, not {}": "{0} doit être vrai ou faux, pas {1}", "{} must be {}": "{0} doit être {1}",
    "seated must be the four names at the table as the page showed them":
        "seated doit donner les quatre noms à la table tels que la page les montrait",
    "base must be the revision the page loaded": "base doit être la révision que la page a chargée",
    "unknown rule set {}: choose mcr, riichi, hk or classical, or all to compare them side by side (their other names: mjtable score --help)":
        "règles inconnues {0} : choisissez mcr, riichi, hk ou classical, ou all pour les comparer côte à côte (leurs "
        "autres noms : mjtable score --help)",
    "--option applies to one rule set; use --rules NAME": "--option s'applique à un seul jeu de règles ; utilisez --rules NOM",
    "--riichi-sticks 0 with a riichi declared: the winner's own stick is on the table (002 §3.3.14); count it with any others (1 or more), or leave --riichi-sticks out to count it alone":
        "--riichi-sticks 0 avec un riichi déclaré : le bâtonnet du gagnant lui-même est sur la table (002 §3.3.14) ; "
        "comptez-le avec les autres (1 ou plus), ou omettez --riichi-sticks pour le compter seul",
    "{} must not be empty": "{0} ne doit pas être vide", "{} names a player twice": "{0} nomme deux fois un joueur",
    "{}.form values must be text of at most {} characters": "les valeurs de {0}.form doivent être du texte d'au plus {1} caractères",
    "{}.from must be left, across, right or empty": "{0}.from doit être left, across, right ou vide",
    "{}.kind must be one of {}": "{0}.kind doit être l'un de {1}",
    "{}.src must be the index of a tile read, or null": "{0}.src doit être le numéro d'une tuile lue, ou null",
    "an unexpected error ({}) stopped this request; it has been logged":
        "une erreur inattendue ({0}) a arrêté cette requête ; elle a été journalisée",
    "the game log could not be read or written ({}); it may be damaged: nothing more is recorded; back it up (mjtable games --backup FILE), put the backup back (mjtable games --restore FILE), then start mjtable serve again":
        "le journal des parties n'a pas pu être lu ou écrit ({0}) ; il est peut-être abîmé : plus rien n'est enregistré ; "
        "sauvegardez-le (mjtable games --backup FICHIER), remettez la sauvegarde en place (mjtable games --restore "
        "FICHIER), puis relancez mjtable serve",
    "nothing can be recorded: {}": "rien ne peut être enregistré : {0}",
    # the game log commands' own refusals (mjtable games, mjtable record; mjtable.french_lines)
    "no game log at {} (mjtable record new starts a game; --data-dir or --db names another game log)":
        "aucun journal des parties dans {0} (mjtable record new commence une partie ; --data-dir ou --db en désigne "
        "un autre)",
    "no game log at {} (mjtable serve or mjtable record new makes one there; --data-dir or --db names another)":
        "aucun journal des parties dans {0} (mjtable serve ou mjtable record new en crée un là ; --data-dir ou --db "
        "en désigne un autre)",
    "no game log at {} (mjtable serve or mjtable record new makes one there; --db names another)":
        "aucun journal des parties dans {0} (mjtable serve ou mjtable record new en crée un là ; --db en désigne un "
        "autre)",
    "no data dir at {} (the web UI's is MJTABLE_DATA_DIR or ~/.local/share/mjtable)":
        "aucun dossier de données dans {0} (celui de l'interface web est MJTABLE_DATA_DIR ou ~/.local/share/mjtable)",
    "{} is a file, not a data dir (a folder)": "{0} est un fichier, pas un dossier de données",
    "{} exists: choose a new file for the backup (e.g. {})":
        "{0} existe déjà : choisissez un nouveau fichier pour la sauvegarde (par exemple {1})",
    "the folder {} does not exist: create it, or choose a file in another folder":
        "le dossier {0} n'existe pas : créez-le, ou choisissez un fichier dans un autre dossier",
    "no file at {}": "aucun fichier à {0}",
    "{} is the game log itself: choose a backup": "{0} est le journal des parties lui-même : choisissez une sauvegarde",
    "name the game to export (mjtable games lists them)":
        "nommez la partie à exporter (mjtable games les liste)",
    "--pdf writes a file: give it with -o FILE": "--pdf écrit un fichier : donnez-le avec -o FICHIER",
    "--restore replaces the whole game log: no game, format, -o, --backup or --standings with it":
        "--restore remplace tout le journal des parties : ni partie, ni format, ni -o, --backup ou --standings avec lui",
    "--backup copies the whole game log: no game, format, -o, --standings or --rate with it":
        "--backup copie tout le journal des parties : ni partie, ni format, ni -o, --standings ou --rate avec lui",
    "-o writes a game's export or the --standings: name the game (mjtable games lists them)":
        "-o écrit l'export d'une partie ou le --standings : nommez la partie (mjtable games les liste)",
    "{} is the game log itself (or its journal): write the export to another file":
        "{0} est le journal des parties lui-même (ou son journal de transactions) : écrivez l'export dans un autre fichier",
    "{} was written by a newer mjtable (game log version {}; this one reads up to {}): update mjtable first":
        "{0} a été écrit par un mjtable plus récent (journal des parties en version {1} ; celui-ci lit jusqu'à la {2}) : mettez d'abord mjtable à jour",
    "--per, --step and --unit say how --rate settles: give --rate":
        "--per, --step et --unit disent comment --rate règle : donnez --rate",
    "--rate settles the --standings, or a finished game's standing as text":
        "--rate règle le --standings, ou le classement d'une partie terminée en texte",
    "--standings are of every finished game: no game, and --csv or none":
        "--standings porte sur toutes les parties terminées : pas de partie, et --csv ou rien",
    "--rules, --since, --until, --min-games and --by-table-points choose the games of --standings":
        "--rules, --since, --until, --min-games et --by-table-points choisissent les parties de --standings",
    "--rate settles a finished game: this one is still in play":
        "--rate règle une partie terminée : celle-ci est encore en cours",
    "--rate settles finished games: none is counted here": "--rate règle des parties terminées : aucune n'est comptée ici",
    "cannot restore {} into {}: {} (the log as it was is in {})":
        "impossible de restaurer {0} dans {1} : {2} (le journal tel qu'il était est dans {3})",
    "cannot restore {} into {}: {}; nothing was changed": "impossible de restaurer {0} dans {1} : {2} ; rien n'a été changé",
    "cannot back up the game log {} to {}: {}": "impossible de sauvegarder le journal des parties {0} dans {1} : {2}",
    "{} is a folder: name the backup file in it (mjtable-backup-DATE.sqlite3, as mjtable games --backup FOLDER names them)":
        "{0} est un dossier : nommez le fichier de sauvegarde qui s'y trouve (mjtable-backup-DATE.sqlite3, comme "
        "mjtable games --backup DOSSIER les nomme)",
    "{} is a web address: download the photo first, then name its file (mjtable read hand.jpg)":
        "{0} est une adresse web : téléchargez d'abord la photo, puis nommez son fichier (mjtable read main.jpg)",
    "cannot write {}: {}": "impossible d'écrire {0} : {1}",
    "the game log {} is damaged ({}): {} holds its rows, read past the damage, as a whole log; --restore puts them back":
        "le journal des parties {0} est abîmé ({1}) : {2} en contient les lignes, lues au-delà des dégâts, comme un "
        "journal entier ; --restore les remet en place",
    "not installed here: {}": "pas installé ici : {0}", "choose or take a photo first": "choisissez ou prenez d'abord une photo",
    "the image has no pixels": "l'image n'a aucun pixel", "the image is larger than {} megapixels": "l'image dépasse {0} mégapixels",
    "the image is too large to decode": "l'image est trop grande pour être décodée",
    "the {} image is damaged or truncated and cannot be decoded": "l'image {0} est abîmée ou tronquée et ne peut pas être décodée", "the game log's folder cannot be written (a read-only medium?): it is open read-only": "le dossier du journal des parties ne peut pas être écrit (un support en lecture seule ?) : il est ouvert en lecture seule", "the game log's file is read-only: it is open read-only": "le fichier du journal des parties est en lecture seule : il est ouvert en lecture seule", "the game log is damaged ({}): it is open read-only; to mend it, mjtable games --backup FILE writes its rows read past the damage and mjtable games --restore FILE puts them back": "le journal des parties est abîmé ({0}) : il est ouvert en lecture seule ; pour le réparer, mjtable games --backup FICHIER en écrit les lignes lues au-delà des dégâts et mjtable games --restore FICHIER les remet en place", "the game log is damaged ({}): it is open read-only": "le journal des parties est abîmé ({0}) : il est ouvert en lecture seule", "the {} file is damaged ({}): parts of the photo may be grey or garbled; check the tiles read, or take the photo again": "le fichier {0} est abîmé ({1}) : des parties de la photo peuvent être grises ou brouillées ; vérifiez les tuiles lues, ou reprenez la photo", "{} has no false win to record": "{0} n'a pas de faux Mah-jong à enregistrer", "there is nothing at this address": "il n'y a rien à cette adresse",
    "this address does not accept that method": "cette adresse n'accepte pas cette méthode",
    "the upload is larger than {} MB": "l'envoi dépasse {0} Mo", "no active tile-set profile": "aucun profil de jeu de tuiles actif",
    "no such calibration (upload the photo again)": "calibration inconnue (envoyez de nouveau la photo)",
    # the calibration photo's layout (vision/calibration.py problems)
    "the photo is only {}×{} pixels: too small for the layout's tiles to be read; send the photo as the camera took it, at full size":
        "la photo ne fait que {0}×{1} pixels : trop petite pour lire les tuiles de la disposition ; envoyez la photo "
        "telle que l'appareil l'a prise, en taille réelle",
    "a tile shows no face {} (face down, or covered): turn every tile face up, with nothing over it":
        "une tuile ne montre pas sa face {0} (face cachée, ou couverte) : retournez toutes les tuiles face visible, "
        "sans rien dessus",
    # where that tile lies: in a row of the layout the page shows, else in a third of the photo
    "in row {}, before its first tile": "dans la rangée {0}, avant sa première tuile",
    "in row {}, after its last tile": "dans la rangée {0}, après sa dernière tuile",
    "in row {}, between its {} and {} tiles": "dans la rangée {0}, entre ses {1} et {2} tuiles",
    "at the top left of the photo": "en haut à gauche de la photo", "at the top of the photo": "en haut de la photo",
    "at the top right of the photo": "en haut à droite de la photo", "on the left of the photo": "à gauche de la photo",
    "in the middle of the photo": "au milieu de la photo", "on the right of the photo": "à droite de la photo",
    "at the bottom left of the photo": "en bas à gauche de la photo", "at the bottom of the photo": "en bas de la photo",
    "at the bottom right of the photo": "en bas à droite de la photo",
    "found {} face-up tile(s); expected 34 (or 42 with flowers and seasons)":
        "{0} tuile(s) face visible trouvée(s) ; 34 attendues (ou 42 avec fleurs et saisons)",
    "extra tile {}, away from the rows: remove it": "tuile en trop {0}, hors des rangées : retirez-la",
    "found {} rows of tiles ({} tiles, rows of {}); expected 4 rows (9 9 9 7) or 5 with flowers and seasons (9 9 9 7 8)":
        "{0} rangées de tuiles trouvées ({1} tuiles, rangées de {2}) ; 4 rangées attendues (9 9 9 7) ou 5 avec fleurs et saisons (9 9 9 7 8)",
    "found {} tiles in {} row(s) (rows of {}) and {} face down; the layout has 34 (or 42 with flowers and seasons)":
        "{0} tuiles trouvées en {1} rangée(s) (rangées de {2}) et {3} tuile(s) face cachée ; la disposition en a 34 (ou 42 "
        "avec fleurs et saisons)",
    "found {} tiles in {} row(s) (rows of {}); the layout has 34 (or 42 with flowers and seasons)":
        "{0} tuiles trouvées en {1} rangée(s) (rangées de {2}) ; la disposition en a 34 (ou 42 avec fleurs et "
        "saisons)",
    "found 1 row of tiles ({} tiles); expected 4 rows (9 9 9 7) or 5 with flowers and seasons (9 9 9 7 8)":
        "1 rangée de tuiles trouvée ({0} tuiles) ; 4 rangées attendues (9 9 9 7) ou 5 avec fleurs et saisons (9 9 9 7 8)",
    "{} dora indicators: a table shows {} at most (one, and one per kong; 002 §2.7)":
        "{0} indicateurs de dora : une table en montre {1} au plus (un, et un par kong ; 002 §2.7)",
    "{} ura dora indicators: a table shows {} at most (one, and one per kong; 002 §2.7)":
        "{0} indicateurs d'ura dora : une table en montre {1} au plus (un, et un par kong ; 002 §2.7)",
    "{} marks an added kong (4 tiles, the pung claimed from {}): write 1, 2 or 3 for who discarded":
        "{0} désigne un kong ajouté (4 tuiles, le pung pris de {1}) : écrivez 1, 2 ou 3 pour le donneur de l'écart",
    "no hand written: type its tiles, the winning tile last after a space, as in 123m456p789s11z22z 2z":
        "aucune main écrite : tapez ses tuiles, la tuile gagnante en dernier après une espace, comme 123m456p789s11z22z 2z",
    "the photo is very dark: tiles may be missed or misread even brightened; take it again in more light (a lamp, or the phone's flash)":
        "la photo est très sombre : des tuiles peuvent manquer ou être mal lues même éclaircies ; reprenez-la avec plus de lumière (une lampe, ou le flash du téléphone)",
    "read as a phone screenshot: the photo it shows was read, not the bars and messages around it":
        "lue comme une capture d'écran de téléphone : la photo qu'elle montre a été lue, pas les barres et les "
        "messages autour",
    "the photo looks out of focus (the tiles' edges are not sharp): tiles may be misread; hold the phone still, tap the tiles on the screen to focus, and take it again":
        "la photo semble floue (les contours des tuiles ne sont pas nets) : des tuiles peuvent être mal lues ; tenez le téléphone immobile, touchez les tuiles à l'écran pour faire la mise au point, et reprenez-la",
    "the photo is very dark: take it again in more light (a lamp, or the phone's flash)":
        "la photo est très sombre : reprenez-la avec plus de lumière (une lampe, ou le flash du téléphone)",
    "after the tiles write 1, 2 or 3, not {}": "après les tuiles, écrivez 1, 2 ou 3, pas {0}",
    "{}: read as exposed; a concealed kong is written in parentheses, {} (the MCR helper writes it in brackets)":
        "{0} : lu comme exposé ; un kong caché s'écrit entre parenthèses, {1} (l'aide MCR l'écrit entre crochets)",
    "W is the West wind (3z); the white dragon is P (5z)": "W est le vent d'Ouest (3z) ; le dragon blanc est P (5z)",
    "tiles written after the winning tile {}: the last tile written, {}, is taken as the winning tile; write the "
    "winning tile last, after a space":
        "des tuiles écrites après la tuile gagnante {0} : la dernière tuile écrite, {1}, est prise pour la tuile "
        "gagnante ; écrivez la tuile gagnante en dernier, après une espace",
    "no winning tile written apart: the last tile written, {}, is taken as the winning tile; write the winning tile "
    "after a space":
        "pas de tuile gagnante écrite à part : la dernière tuile écrite, {0}, est prise pour la tuile gagnante ; "
        "écrivez la tuile gagnante après une espace",
    "5z is the white dragon and 7z the red (1z-7z: E S W N, then white, green, red; the MCR helper's 567z are red, "
    "green, white): letters P F C say it either way":
        "5z est le dragon blanc et 7z le rouge (1z-7z : E S O N, puis blanc, vert, rouge ; pour l'aide MCR, 567z sont "
        "rouge, vert, blanc) : les lettres P F C le disent sans ambiguïté",
    "{} red fives {}: a set has 1 at most (002 §1.3); write the others as {}":
        "{0} cinq rouges {1} : un jeu en a 1 au plus (002 §1.3) ; écrivez les autres {2}",
    "{} copies of {} in the hand and the dora indicators: a tile set has only 4 of each tile":
        "{0} exemplaires de {1} dans la main et les indicateurs de dora : un jeu n'a que 4 exemplaires de chaque tuile",
    "row {} ({}) has {} tiles, expected {}: a tile seems missing after the {} tile":
        "la rangée {0} ({1}) a {2} tuiles, {3} attendues : une tuile semble manquer après la {4} tuile",
    "row {} ({}) has {} tiles, expected {}: the {} seems missing, after the {} tile":
        "la rangée {0} ({1}) a {2} tuiles, {3} attendues : le {4} semble manquer, après la {5} tuile",
    "row {} ({}) has {} tiles, expected {}: the {} seems missing, before the first tile":
        "la rangée {0} ({1}) a {2} tuiles, {3} attendues : le {4} semble manquer, avant la première tuile",
    "row {} and row {} seem swapped ({}, {}): the base model reads each row's tiles as the other's; lay the rows out in the layout's order (characters, dots, bamboo, honours, then flowers and seasons)":
        "la rangée {0} et la rangée {1} semblent échangées ({2}, {3}) : le modèle de base lit les tuiles de chacune "
        "comme celles de l'autre ; posez les rangées dans l'ordre de la disposition (caractères, ronds, bambous, "
        "honneurs, puis fleurs et saisons)",
    "{} tiles seem out of order ({}): lay each tile in its place in the layout (winds E S W N, then the white, green and red dragons)":
        "{0} tuiles semblent dans le désordre ({1}) : posez chaque tuile à sa place dans la disposition "
        "(vents E S O N, puis les dragons blanc, vert et rouge)",
    "{} where {} go": "{0} là où vont {1}",
    "row {} ({}) seems missing": "la rangée {0} ({1}) semble manquer",
    "the rows found are laid in another order (in turn: {}): lay each row in its place, in the layout's order (characters, dots, bamboo, honours, then flowers and seasons)":
        "les rangées trouvées sont posées dans un autre ordre (tour à tour : {0}) : posez chaque rangée à sa place, "
        "dans l'ordre de la disposition (caractères, ronds, bambous, honneurs, puis fleurs et saisons)",
    "row {} ({}) seems missing: the rows found are the layout's others (rows of {}); lay it out in its place":
        "la rangée {0} ({1}) semble manquer : les rangées trouvées sont les autres de la disposition (rangées de "
        "{2}) ; posez-la à sa place",
    "row {} ({}) has {} tiles, expected {}: remove the extra tile(s)":
        "la rangée {0} ({1}) a {2} tuiles, {3} attendues : retirez la ou les tuiles en trop",
    "row {} ({}) has {} tiles, expected {}: the row runs off the photo":
        "la rangée {0} ({1}) a {2} tuiles, {3} attendues : la rangée sort de la photo",
    "the layout runs off the photo: take it again with every tile in the frame":
        "la disposition sort de la photo : reprenez-la avec toutes les tuiles dans le cadre",
    "row {} ({}) has {} tiles, expected {}: add the missing tile(s) in order":
        "la rangée {0} ({1}) a {2} tuiles, {3} attendues : ajoutez les tuiles manquantes dans l'ordre",
    "characters 1m-9m": "caractères 1m-9m", "dots 1p-9p": "ronds 1p-9p", "bamboo 1s-9s": "bambous 1s-9s",
    "winds and dragons E S W N, white, green, red": "vents et dragons E S O N, blanc, vert, rouge",
    "flowers and seasons 1f-8f": "fleurs et saisons 1f-8f",
    "as laid out": "telle que disposée", "turned 180°": "tournée de 180°", "rows bottom to top": "rangées de bas en haut",
    "rows right to left": "rangées de droite à gauche",
    "turned a quarter clockwise": "tournée d'un quart de tour dans le sens des aiguilles d'une montre",
    "turned a quarter anticlockwise": "tournée d'un quart de tour dans le sens inverse des aiguilles d'une montre",
    "rows in columns, top to bottom from the left": "rangées en colonnes, de haut en bas, en partant de la gauche",
    "rows in columns, bottom to top from the right": "rangées en colonnes, de bas en haut, en partant de la droite",
    # the photo's checks (vision/images.py)
    "AVIF images are not accepted: send a {} image": "les images AVIF ne sont pas acceptées : envoyez une image {0}",
    "HEIC images need the pillow-heif package (pip install pillow-heif), or send a JPEG": "les images HEIC demandent le paquet pillow-heif (pip install pillow-heif), ou envoyez un JPEG",
    "the HEIF image decodes to {}×{} pixels, more than the {}×{} its header gives: the file is damaged": "l'image HEIF se décode en {0}×{1} pixels, plus que les {2}×{3} de son en-tête : le fichier est abîmé",
    "PNM/PFM images are not accepted: send a {} image": "les images PNM/PFM ne sont pas acceptées : envoyez une image {0}",
    "{} images are not accepted: send a {} image": "les images {0} ne sont pas acceptées : envoyez une image {1}",
    "{} photos are being read: send this one again in a moment":
        "{0} photos sont en cours de lecture : renvoyez celle-ci dans un instant",
    "the JPEG has {} scans (a camera's have at most a dozen; over {}, its decoding would take minutes): save it again as a plain JPEG":
        "le JPEG a {0} passes (celui d'un appareil photo en a une douzaine au plus ; au-delà de {1}, le décoder "
        "prendrait des minutes) : enregistrez-le à nouveau en JPEG ordinaire",
    "a JPEG with {} colour components is not a photo this app reads":
        "un JPEG à {0} composantes de couleur n'est pas une photo que cette application lit",
    "a TIFF with {} samples of {} bits a pixel is not a photo this app reads (at most {} samples of {} bits)":
        "un TIFF à {0} échantillons de {1} bits par pixel n'est pas une photo que cette application lit "
        "({2} échantillons de {3} bits au plus)",
    "cannot read {}: {}": "impossible de lire {0} : {1}",
    "the image is {}, over the {} limit": "l'image fait {0}, au-delà de la limite de {1}",
    "the image is over the {} limit": "l'image dépasse la limite de {0}",
    # the calibration photo's problems (vision.calibration), said as messages (the page's own words
    # had it, the problems list looked it up here and found none)
    "the photo seems blurred (the tiles' edges are soft): hold the phone still, in good light, and take it again":
        "la photo semble floue (les contours des tuiles ne sont pas nets) : tenez le téléphone immobile, en bonne "
        "lumière, et reprenez-la",
    "{} is not a tile-set profile (no metadata)": "{0} n'est pas un profil de jeu de tuiles (pas de métadonnées)",
    "{} is {}, over the {} limit": "{0} fait {1}, au-delà de la limite de {2}",
    "expected an HxWx3 uint8 BGR array, got {} {}": "un tableau HxLx3 uint8 BGR était attendu, reçu {0} {1}",
    "the array holds no pixels ({})": "le tableau ne contient aucun pixel ({0})",
    "the tiles as read are not a winning hand, and the nearest winning hand changes {} tile(s) read surely: check them against the photo":
        "les tuiles telles que lues ne font pas une main gagnante, et la main gagnante la plus proche change {0} "
        "tuile(s) lue(s) avec assurance : vérifiez-les sur la photo",
    "the tiles as read are not a winning hand, and the nearest winning hand, changing {} tile(s), is not sure enough (confidence {}): check them against the photo":
        "les tuiles telles que lues ne font pas une main gagnante, et la main gagnante la plus proche, qui change "
        "{0} tuile(s), n'est pas assez sûre (confiance {1}) : vérifiez-les sur la photo",
    "the JPEG has no frame header (truncated or damaged)": "le JPEG n'a pas d'en-tête d'image (tronqué ou abîmé)",
    "the PNG is truncated (no end chunk)": "le PNG est tronqué (pas de bloc de fin)",
    "the JPEG is truncated (no end-of-image marker)": "le JPEG est tronqué (pas de marqueur de fin d'image)",
    "the JPEG is truncated (no image data)": "le JPEG est tronqué (pas de données d'image)",
    "the TIFF's tiles are {}x{} pixels, over the {}-pixel limit":
        "les tuiles du TIFF font {0}x{1} pixels, au-delà de la limite de {2} pixels",
    "the data is not a {} image": "les données ne sont pas une image {0}",
    "the file is a video, not a photo: send a {} image (a Live Photo's still photo, not its video)":
        "le fichier est une vidéo, pas une photo : envoyez une image {0} (la photo d'une Live Photo, pas sa vidéo)",
    "the file is a PDF document, not a photo: send a {} image (a screenshot or an export of the page holding the photo)":
        "le fichier est un document PDF, pas une photo : envoyez une image {0} (une capture d'écran ou un export de "
        "la page qui porte la photo)",
    "the {} is an animation: its first frame alone was read; if the tiles are not in it, send the photo itself":
        "le {0} est une animation : seule sa première image a été lue ; si les tuiles n'y sont pas, envoyez la photo "
        "elle-même",
    "the file is an SVG drawing, not a photo: send a {} image":
        "le fichier est un dessin SVG, pas une photo : envoyez une image {0}",
    "the file is a web page, not a photo: open it and save the photo itself (a {} image)":
        "le fichier est une page web, pas une photo : ouvrez-la et enregistrez la photo elle-même (une image {0})",

    "the file is empty": "le fichier est vide",
    "the image is {}×{} pixels, over the {}-pixel limit ({} megapixels)":
        "l'image fait {0}×{1} pixels, au-delà de la limite de {2} pixels ({3} mégapixels)",
    "shrink it (a phone's 12 megapixels are plenty)": "réduisez-la (les 12 mégapixels d'un téléphone suffisent)",
    "shrink it (a phone's 12 megapixels are plenty), or save it as a JPEG, which is read smaller":
        "réduisez-la (les 12 mégapixels d'un téléphone suffisent), ou enregistrez-la en JPEG, lu en plus petit",
    "the file is larger than {} MB: a game's JSON export is at most {} MB; a backup of the whole game log goes back with mjtable games --restore FILE":
        "le fichier dépasse {0} Mo : l'export JSON d'une partie fait au plus {1} Mo ; une sauvegarde de tout le "
        "journal des parties se remet avec mjtable games --restore FICHIER",
    "the image is {}×{} pixels, under {} pixels a side": "l'image fait {0}×{1} pixels, moins de {2} pixels de côté",
    "send or export the photo again": "envoyez ou exportez la photo à nouveau",
    "the file was cut short while sent or saved: send or export the photo again":
        "le fichier a été coupé à l'envoi ou à l'enregistrement : envoyez ou exportez la photo à nouveau",
    "take it at 12 megapixels (the camera's 48-megapixel or high-resolution mode off), or send a smaller copy":
        "prenez-la en 12 mégapixels (le mode 48 mégapixels ou haute résolution de l'appareil désactivé), ou envoyez-en une copie plus petite",
    "the image is {}×{} pixels: a strip too narrow to read (its long side over {} times its short side): crop it to the tiles":
        "l'image fait {0}×{1} pixels : une bande trop étroite pour être lue (son grand côté fait plus de {2} fois son petit côté) : recadrez-la sur les tuiles",
    "the image is {}×{} pixels: a strip too narrow to read once its long side is brought to {} pixels (its short side then under {}): crop it to the tiles":
        "l'image fait {0}×{1} pixels : une bande trop étroite pour être lue une fois son grand côté ramené à {2} "
        "pixels (son petit côté ferait alors moins de {3}) : recadrez-la sur les tuiles",
    "the image's header gives it {}×{} pixels: the file is damaged":
        "l'en-tête de l'image lui donne {0}×{1} pixels : le fichier est abîmé",
    "the {} data could not be decoded": "les données {0} n'ont pas pu être décodées",
    "the {} {} is truncated or damaged": "{0} {1} est tronqué ou abîmé",
    # what the reader noticed while rebuilding the hand (vision/grouping/, mjtable/pipeline.py)
    "found {} tiles where a winning hand has {} (a kong counts as 3): a tile may be hidden, stacked, cut off by the photo's edge or not detected":
        "{0} tuiles trouvées là où une main gagnante en a {1} (un kong compte pour 3) : une tuile est peut-être "
        "cachée, empilée, coupée par le bord de la photo ou non détectée",
    "found {} tiles where a winning hand has {} (a kong counts as 3): the four {} stand in the row: if they are a kong, select them and lay them down as a kong; else remove the extra tiles":
        "{0} tuiles trouvées là où une main gagnante en a {1} (un kong compte pour 3) : les quatre {2} sont debout "
        "dans la rangée : si c'est un kong, sélectionnez-les et posez-les en kong ; sinon retirez les tuiles en trop",
    "found {} tiles where a winning hand has {} (a kong counts as 3): keep other tiles out of the photo, or remove the extra ones":
        "{0} tuiles trouvées là où une main gagnante en a {1} (un kong compte pour 3) : gardez les autres tuiles "
        "hors de la photo, ou retirez celles en trop",
    "found {} tiles in the hand where a winning hand has {} (a kong counts as 3), and {} apart from it that were left out: remove the tiles that are not the hand's":
        "{0} tuiles trouvées dans la main là où une main gagnante en a {1} (un kong compte pour 3), et {2} à "
        "l'écart laissées de côté : retirez les tuiles qui ne sont pas de la main",
    "found {} tiles in the hand where a winning hand has {}, and {} apart from it that were left out":
        "{0} tuiles trouvées dans la main là où une main gagnante en a {1}, et {2} à l'écart laissées de côté",
    # ... and the tiles read beside the hand as flowers or dora indicators, counted too
    "found {} tiles in the hand where a winning hand has {} (a kong counts as 3), {} beside it as {}, and {} apart from it that were left out: remove the tiles that are not the hand's":
        "{0} tuiles trouvées dans la main là où une main gagnante en a {1} (un kong compte pour 3), {2} à côté "
        "comme {3}, et {4} à l'écart laissées de côté : retirez les tuiles qui ne sont "
        "pas de la main",
    "found {} tiles in the hand where a winning hand has {}, {} beside it as {}, and {} apart from it that were left out":
        "{0} tuiles trouvées dans la main là où une main gagnante en a {1}, {2} à côté comme {3}, "
        "et {4} à l'écart laissées de côté",
    "found {} tiles where a winning hand has {} (a kong counts as 3), and {} beside them as {}: a tile may be hidden, stacked, cut off by the photo's edge or not detected":
        "{0} tuiles trouvées là où une main gagnante en a {1} (un kong compte pour 3), et {2} à côté comme "
        "{3} : une tuile est peut-être cachée, empilée, coupée par le bord de la photo ou non détectée",
    "found {} tiles where a winning hand has {} (a kong counts as 3), and {} beside them as {}: keep other tiles out of the photo, or remove the extra ones":
        "{0} tuiles trouvées là où une main gagnante en a {1} (un kong compte pour 3), et {2} à côté comme "
        "{3} : gardez les autres tuiles hors de la photo, ou retirez celles en trop",
    "found {} tiles where a winning hand has {}, and {} beside them as {}":
        "{0} tuiles trouvées là où une main gagnante en a {1}, et {2} à côté comme {3}",
    "found {} tiles where a winning hand has {}": "{0} tuiles trouvées là où une main gagnante en a {1}",
    # ... and tiles laid out as a grid (a tray, the calibration layout), told apart from a hand
    "found {} tiles in {} rows of {}, laid out as a grid, not as a hand: lay the hand out as it was played (the standing tiles in one row, each meld apart, the winning tile at the right), or, to teach mjtable a tile set, calibrate it from a photo of its tiles laid out in order":
        "{0} tuiles trouvées en {1} rangées de {2}, disposées en grille et non en main : disposez la main telle "
        "qu'elle a été jouée (les tuiles debout en une rangée, chaque combinaison à l'écart, la tuile gagnante à "
        "droite), ou, pour apprendre un jeu de tuiles à mjtable, calibrez-le d'après une photo de ses tuiles "
        "disposées dans l'ordre",
    "found {} tiles in {} rows of {}, laid out as a grid, not as a hand":
        "{0} tuiles trouvées en {1} rangées de {2}, disposées en grille et non en main",
    # ... and the tiles of groups that make no meld, counted apart
    "found {} tiles where a winning hand has {} (a kong counts as 3), {} more in groups that make no meld: check those groups' tiles":
        "{0} tuiles trouvées là où une main gagnante en a {1} (un kong compte pour 3), {2} de plus dans des "
        "groupes qui ne forment pas de combinaison : vérifiez les tuiles de ces groupes",
    "found {} tiles where a winning hand has {} (a kong counts as 3), {} more in groups that make no meld, and {} beside them as {}: check those groups' tiles":
        "{0} tuiles trouvées là où une main gagnante en a {1} (un kong compte pour 3), {2} de plus dans des "
        "groupes qui ne forment pas de combinaison, et {3} à côté comme {4} : vérifiez les tuiles de ces groupes",
    "found {} tiles where a winning hand has {}, {} more in groups that make no meld":
        "{0} tuiles trouvées là où une main gagnante en a {1}, {2} de plus dans des groupes qui ne forment pas "
        "de combinaison",
    "found {} tiles where a winning hand has {}, {} more in groups that make no meld, and {} beside them as {}":
        "{0} tuiles trouvées là où une main gagnante en a {1}, {2} de plus dans des groupes qui ne forment pas "
        "de combinaison, et {3} à côté comme {4}",
    "group {} ({} tiles) is neither a meld of 3 or 4 tiles nor part of the standing row: check for a hidden, extra or merged tile":
        "le groupe {0} ({1} tuiles) n'est ni une combinaison de 3 ou 4 tuiles ni une partie de la rangée debout : "
        "cherchez une tuile cachée, en trop ou fusionnée",
    "group {} ({} tiles) is neither a meld of 3 or 4 tiles nor part of the standing row":
        "le groupe {0} ({1} tuiles) n'est ni une combinaison de 3 ou 4 tuiles ni une partie de la rangée debout",
    "group {}: a chow is only claimed from the left player, but its sideways tile is not at its left; read as claimed from the left":
        "groupe {0} : un chow ne se prend qu'au joueur de gauche, mais sa tuile couchée n'est pas à sa gauche ; lu "
        "comme pris à gauche",
    "could not find the standing tiles: the rows hold {} tile(s) read face down, where standing tiles are face up: correct or remove them":
        "tuiles debout introuvables : les rangées comptent {0} tuile(s) lue(s) face cachée, alors que les tuiles "
        "debout sont face visible : corrigez-les ou retirez-les",
    "bao ({}) needs the liable player's discard to be the winning {} (004 Bao {}); {} won: charged as bao (g), the dangerous discard with five tiles left; leave out the liable player if that is not so":
        "le bao ({0}) demande que la tuile défaussée par le joueur responsable soit la tuile gagnante ({1}) ; main "
        "gagnée sur {2} : compté comme bao (g), l'écart dangereux à cinq tuiles de la fin ; retirez le joueur "
        "responsable si ce n'est pas le cas",
    "third dragon": "le troisième dragon", "fourth wind": "le quatrième vent",
    "bao ({}) needs {} shown (004 Bao {}); charged as bao (g), the dangerous discard with five tiles left; leave out the liable player if that is not so":
        "le bao ({0}) demande {1} révélés ; compté comme bao (g), l'écart dangereux à cinq tuiles de la fin ; "
        "retirez le joueur responsable si ce n'est pas le cas",
    "two dragon pungs": "deux pungs de dragons", "three wind pungs": "trois pungs de vents",
    "three honour sets": "trois ensembles d'honneurs", "three terminal pungs": "trois pungs de terminales",
    "three sets of the suit": "trois ensembles de la couleur",
    "group {}: the face-up tiles of a concealed kong differ ({})":
        "groupe {0} : les tuiles visibles d'un kong caché diffèrent ({1})",
    "group {}: its two blank tiles were taken for the face-down tiles of a concealed kong: if they are white dragons, correct the group":
        "groupe {0} : ses deux tuiles vierges ont été prises pour les tuiles retournées d'un kong caché : si ce sont "
        "des dragons blancs, corrigez le groupe",
    "the hand read is not valid: {}": "la main lue n'est pas valide : {0}",
    "the tiles are about {} pixels across in the photo, too small to be read surely: take the photo closer, or at a higher resolution":
        "les tuiles font environ {0} pixels de large sur la photo, trop peu pour être lues sûrement : prenez la photo "
        "de plus près, ou en plus haute résolution",
    "rule options need a rule set (--rules on the command line, rules in the API)":
        "des options de règles demandent un jeu de règles (--rules en ligne de commande, rules dans l'API)",
    "the farthest row ({} tiles face up) was left out: a table shows {} dora indicators at most; keep discards and other players' tiles out of the photo, or enter the dora indicators by hand":
        "la rangée la plus éloignée ({0} tuiles face visible) a été laissée de côté : une table montre au plus {1} "
        "indicateurs de dora ; gardez les défausses et les tuiles des autres joueurs hors de la photo, ou entrez "
        "les indicateurs de dora à la main",
    "the standing tiles have a gap of more than half a tile inside them: they were read as one row; close the gap if it is not a separate meld":
        "les tuiles debout ont un écart de plus d'une demi-tuile entre elles : elles ont été lues comme une seule "
        "rangée ; refermez l'écart si ce n'est pas une combinaison à part",
    "the tiles as read do not make a hand: {}": "les tuiles lues ne forment pas une main : {0}",
    "the winning tile is not set apart and the photo could also be read upside down (rows in the other direction): "
    "the rightmost standing tile is taken as the winning tile; set it a little apart at the right, or correct it":
        "la tuile gagnante n'est pas mise à part et la photo pourrait aussi se lire à l'envers (rangées dans l'autre "
        "sens) : la tuile debout la plus à droite est prise comme tuile gagnante ; écartez-la un peu à droite, ou "
        "corrigez-la",
    "no tiles found in the photo": "aucune tuile trouvée sur la photo",
    "no face-up tile found in the photo": "aucune tuile face visible trouvée sur la photo",
    "no face-up tile found in the photo: take another one, with the tiles face up, lit, sharp (the phone held still) "
    "and filling most of the picture, or type the hand":
        "aucune tuile face visible trouvée sur la photo : prenez-en une autre, les tuiles face visible, éclairées, "
        "nettes (le téléphone tenu immobile) et occupant l'essentiel de l'image, ou tapez la main",
    "no tiles found in the photo: take another one, with the tiles face up, lit, sharp (the phone held still) and "
    "filling most of the picture, or type the hand":
        "aucune tuile trouvée sur la photo : prenez-en une autre, les tuiles face visible, éclairées, nettes (le "
        "téléphone tenu immobile) et occupant l'essentiel de l'image, ou tapez la main",
    "more than four tiles of {}": "plus de quatre tuiles de {0}",
    "{} is a folder: name one photo in it (mjtable read PHOTO)": "{0} est un dossier : nommez-y une photo (mjtable read PHOTO)",
    "{} is a file: the data dir is a folder (asked for {})":
        "{0} est un fichier : le dossier des données est un dossier (demandé : {1})",
    "{} is a file: the data dir is a folder": "{0} est un fichier : le dossier des données est un dossier",
    "face down": "face cachée",
    "no combination of the candidate readings makes a winning hand":
        "aucune combinaison des lectures possibles ne fait une main gagnante",
    "no credible winning hand among the {} most probable readings":
        "aucune main gagnante crédible parmi les {0} lectures les plus probables",
    "as read: {}": "telle que lue : {0}",
    "no winning hand was rebuilt": "aucune main gagnante n'a été reconstituée",
    "no winning hand was rebuilt from it": "aucune main gagnante n'en a été reconstituée",
    "flowers and dora indicators": "fleurs et indicateurs de dora", "flowers": "fleurs",
    "dora indicators": "indicateurs de dora",
    "the winning tile is not set apart: the rightmost standing tile is taken as the winning tile; set it a little apart at the right, or correct it":
        "la tuile gagnante n'est pas mise à part : la tuile debout la plus à droite est prise comme tuile gagnante ; "
        "écartez-la un peu à droite, ou corrigez-la",
    "the {} scorer is not available in this build": "le calcul {0} n'est pas disponible dans cette version",
    "the hand is one tile short, and the row has room for one tile between {} and {} ({} tile apart): if a tile lies there unread (covered, or missed), add it":
        "il manque une tuile à la main, et la rangée a la place d'une tuile entre {0} et {1} ({2} tuile "
        "d'écart) : si une tuile s'y trouve sans avoir été lue (couverte, ou manquée), ajoutez-la",
    "a tile read face down inside a row, between face-up tiles, was left out: no tile lies face down alone in a hand (the table seen in a gap?); if a tile lies there face down, turn it face up":
        "une tuile lue face cachée au milieu d'une rangée, entre des tuiles face visible, a été laissée de côté : "
        "aucune tuile n'est seule face cachée dans une main (la table vue dans un écart ?) ; si une tuile s'y "
        "trouve face cachée, retournez-la",
    "{} tiles read face down inside rows, each between face-up tiles, were left out: no tile lies face down alone in a hand (the table seen in gaps?); if tiles lie there face down, turn them face up":
        "{0} tuiles lues face cachée au milieu de rangées, chacune entre des tuiles face visible, ont été laissées "
        "de côté : aucune tuile n'est seule face cachée dans une main (la table vue dans des écarts ?) ; si des "
        "tuiles s'y trouvent face cachée, retournez-les",
    "the tiles lie one set to a row: each row of three or four was taken as an exposed meld; if some were held concealed, move them to the standing tiles":
        "les tuiles sont disposées une combinaison par rangée : chaque rangée de trois ou quatre a été prise pour une "
        "combinaison exposée ; si certaines étaient cachées, remettez-les parmi les tuiles debout",
    "the dora indicators ({}) were read from a row with no dead wall beside it, among loose tiles: check them, or enter the dora indicators by hand":
        "les indicateurs de dora ({0}) ont été lus dans une rangée sans mur mort à côté, parmi des tuiles éparses : "
        "vérifiez-les, ou saisissez les indicateurs de dora à la main",
    "two tiles of the standing row ({} and {}) are {} tile apart: is there a gap between them or not?":
        "deux tuiles de la rangée debout ({0} et {1}) sont à {2} tuile l'une de l'autre : y a-t-il un écart entre "
        "elles ou non ?",
    "all {} tiles were reported sideways: read as a photo turned by 90°":
        "les {0} tuiles ont été vues couchées : lu comme une photo tournée de 90°",
    "{} of {} tiles were reported sideways: read as a photo turned by 90°, with the other tiles as the sideways ones":
        "{0} tuiles sur {1} ont été vues couchées : lu comme une photo tournée de 90°, les autres tuiles étant les "
        "couchées",
    "{} tile(s) left out, away from every group ({}): check for a missing tile nearby, or keep other tiles out of the photo":
        "{0} tuile(s) laissée(s) de côté, à l'écart de tout groupe ({1}) : cherchez une tuile manquante à "
        "côté, ou gardez les autres tuiles hors de la photo",
    "{} tile(s) lying far from the hand left out ({}): keep discards and other players' tiles out of the photo":
        "{0} tuile(s) loin de la main laissée(s) de côté ({1}) : gardez les défausses et les tuiles des autres "
        "joueurs hors de la photo",
    "{} tile(s) taken as lying sideways or upright by their shape beside the other tiles of their row, not as first read: check the melds they are in":
        "{0} tuile(s) jugée(s) couchée(s) ou droite(s) d'après la forme, à côté des autres tuiles de la rangée, "
        "et non selon la première lecture : vérifiez les combinaisons concernées",
    "{} tile(s) show a face no tile code names (a joker, or a tile of another game): left out of the hand; if one belongs to it, add its tile":
        "{0} tuile(s) montrent une face qu'aucun code ne nomme (un joker, ou une tuile d'un autre jeu) : laissées "
        "hors de la main ; si l'une en fait partie, ajoutez sa tuile",
    "{} detection(s) had a box without width or height: left out":
        "{0} détection(s) sans largeur ni hauteur : laissée(s) de côté",
    "{} tile(s) were detected twice at the same place; the surer read was kept":
        "{0} tuile(s) ont été détectées deux fois au même endroit ; la lecture la plus sûre a été gardée",
    "the photo could also be read upside down (rows in the other direction): set the winning tile apart at the right of the standing tiles, or take the photo from the standing tiles' side":
        "la photo pourrait aussi se lire à l'envers (rangées dans l'autre sens) : mettez la tuile gagnante à part à "
        "droite des tuiles debout, ou prenez la photo du côté des tuiles debout",
    "a tile at the right of the standing tiles may be the winning tile set apart: check it":
        "une tuile à droite des tuiles debout est peut-être la tuile gagnante mise à part : vérifiez-la",
    "the tile set apart may not be the winning tile (or the winning tile was not set apart): check which tile won":
        "la tuile mise à part n'est peut-être pas la tuile gagnante (ou la tuile gagnante n'a pas été mise à part) : "
        "vérifiez quelle tuile a gagné",
    "{} at the photo's edge, mostly outside it, may be misread: check it, or take the photo with the whole hand in it":
        "{0} au bord de la photo, en grande partie hors du cadre, est peut-être mal lue : vérifiez-la, ou reprenez la photo avec "
        "toute la main",
    "a tile at an end of the standing tiles, cut by the photo's edge, may or may not be the hand's: check it, or take the photo with the whole hand in it":
        "une tuile au bout des tuiles debout, coupée par le bord de la photo, est peut-être de la main ou non : "
        "vérifiez-la, ou reprenez la photo avec toute la main",
    "1 tile could be an exposed meld or the end of the standing tiles: {}": "1 tuile pourrait être une combinaison "
        "exposée ou la fin des tuiles debout : {0}",
    "{} tiles could be an exposed meld or the end of the standing tiles: {}": "{0} tuiles pourraient être une "
        "combinaison exposée ou la fin des tuiles debout : {1}",
    "leave a clear gap (half a tile) between the standing tiles and the melds":
        "laissez un écart net (une demi-tuile) entre les tuiles debout et les combinaisons",
    "{} tiles could be an exposed meld or the end of the standing tiles: leave a clear gap (half a tile) between the standing tiles and the melds":
        "{0} tuiles pourraient être une combinaison exposée ou la fin des tuiles debout : laissez un écart net (une "
        "demi-tuile) entre les tuiles debout et les combinaisons",
    "the farthest row could be dora indicators or exposed melds: check it":
        "la rangée la plus éloignée pourrait être des indicateurs de dora ou des combinaisons exposées : vérifiez-la",
    "the melds could be split differently: leave a clear gap between melds":
        "les combinaisons pourraient se découper autrement : laissez un écart net entre elles",
    "two readings make a winning hand, check: {} (chosen with confidence {})":
        "deux lectures font une main gagnante, vérifiez : {0} (choisie avec une confiance de {1})",
    "two readings make a winning hand, check: {} (chosen with confidence {}); the tiles as read are not a winning hand, so the hand may not be a winning one":
        "deux lectures font une main gagnante, vérifiez : {0} (choisie avec une confiance de {1}) ; les tuiles "
        "lues ne forment pas une main gagnante, la main n'en est donc peut-être pas une",
    # a scored item's note, behind its "source" link (webui.i18n.item_note)
    "flowers do not count toward the minimum": "les fleurs ne comptent pas pour le minimum",
    "the kong replacement was the last tile": "la tuile de remplacement du kong était la dernière tuile",
    # the English notes beside the MCR exclusion table's French quotes (scorer/mcr/exclusions.py)
    "The source's examples count « 2 Kongs cachés » alone, as one fan; the two concealed pungs they make are included.":
        "Les exemples de la source comptent « 2 Kongs cachés » seul, comme une combinaison ; les deux pungs cachés "
        "qu'ils forment sont inclus.",
    "The source's worked totals for Neuf portes (107, 91, 90, ...) count no concealed pungs.":
        "Les totaux calculés de la source pour Neuf portes (107, 91, 90…) ne comptent aucun pung caché.",
    "A hand concealed by definition cannot also score Fully Concealed Hand; a self-drawn win scores Self-Drawn.":
        "Une main cachée par définition ne compte pas aussi Main Entièrement Cachée ; une victoire sur pioche "
        "compte Pioche.",
    "A set already combined may be combined only once more.":
        "Une combinaison déjà utilisée dans une main de plusieurs combinaisons ne peut l'être qu'une fois de plus.",
    "Two sets already linked, directly or through other sets, form no further fan.":
        "Deux combinaisons déjà liées, directement ou par d'autres, ne forment pas d'autre main.",
    "Its sets {} and {} are already linked: {}. Two sets already linked, directly or through other sets, form no "
    "further fan.":
        "Ses combinaisons {} et {} sont déjà liées : {}. Deux combinaisons déjà liées, directement ou par "
        "d'autres, ne forment pas d'autre main.",
    "Counted once above; a further one is not. Its sets {} and {} are already linked: {}. Two sets already "
    "linked, directly or through other sets, form no further fan.":
        "Comptée une fois ci-dessus ; une de plus ne l'est pas. Ses combinaisons {} et {} sont déjà liées : {}. "
        "Deux combinaisons déjà liées, directement ou par d'autres, ne forment pas d'autre main.",
    "{} combines {} with {}": "{} réunit {} et {}",
    "Counted once above; a further one would reuse its sets. A set already combined may be combined only once more.":
        "Comptée une fois ci-dessus ; une de plus réutiliserait ses combinaisons. Une combinaison déjà utilisée "
        "dans une main de plusieurs combinaisons ne peut l'être qu'une fois de plus.",
    "All Pungs and Pung of Terminals or Honours are included; All Terminals and Honours and Outside Hand by definition.":
        "Tout Pung et Pung de Terminales ou d'Honneurs sont inclus ; Tout Terminales et Honneurs et Main "
        "Extérieure par définition.",
    "All Terminals and Honours is included.": "Tout Terminales et Honneurs est inclus.",
    "The 1-point fans (Pung of Terminals or Honours) are included.":
        "Les combinaisons à 1 point (Pung de Terminales ou d'Honneurs) sont incluses.",
    "No Honours is part of its definition: included.": "Pas d'Honneur fait partie de sa définition : inclus.",
    "Counted alone in the source's examples.": "Comptée seule dans les exemples de la source.",
    "Four shifted chows contain the three-chow runs.":
        "Quatre chows décalés contiennent les suites de trois chows.",
    "It contains runs of three shifted pungs.": "Elle contient des suites de trois pungs décalés.",
    "Its three-wind part (Big Three Winds, Little Four Winds) is included.":
        "Sa partie à trois vents (Trois Grands Vents, Quatre Petits Vents) est incluse.",
    "One winning tile is one wait, counted once.": "Une tuile gagnante est une attente, comptée une fois.",
    "Under this option only the pung of terminals that makes the gate is included.":
        "Avec cette option, seul le pung de terminales qui forme la porte est inclus.",
    "Self-Drawn and Concealed Hand are its parts.": "Pioche et Main Semi Cachée en font partie.",
    "Seven Pairs and Concealed Hand are included.": "Sept Paires et Main Semi Cachée sont incluses.",
    "The wind pungs of Big Four Winds do not also score Pung of Terminals or Honours (included by definition).":
        "Les pungs de vent des Quatre Grands Vents ne comptent pas aussi Pung de Terminales ou d'Honneurs "
        "(inclus par définition).",
    "Tiles 1-2-3 only are also tiles 1 to 4 only.": "Des tuiles 1-2-3 seulement sont aussi des tuiles 1 à 4 seulement.",
    "Tiles 7-8-9 only are also tiles 6 to 9 only.": "Des tuiles 7-8-9 seulement sont aussi des tuiles 6 à 9 seulement.",
    "The winning tile is one of the knitted straight's nine: it may have completed the knit as well as the 4th set or "
    "the pair; a wait on a tile the knit does not hold counts.":
        "La tuile gagnante est l'une des neuf de la Suite Cousue : elle a pu compléter la suite aussi bien que le "
        "4e élément ou la paire ; une attente sur une tuile que la suite ne contient pas compte.",
    "With four kongs the pair is the only possible wait: included by definition, as for Melded Hand.":
        "Avec quatre kongs, la paire est la seule attente possible : incluse par définition, comme pour Main "
        "Exposée.",
    "the tiles as read are not a winning hand; the nearest winning hand changes {}: check these tiles, or the hand may not be a winning one (confidence {})":
        "les tuiles lues ne forment pas une main gagnante ; la main gagnante la plus proche change {0} : vérifiez ces "
        "tuiles, ou la main n'est peut-être pas gagnante (confiance {1})",
}

#: A message no pattern matches, by its stable code (scorer/errors.py, vision/errors.py, the app's).
CODES_FR = {
    "unknown_tile": "tuile inconnue", "too_many_copies": "trop d'exemplaires d'une tuile",
    "wrong_tile_count": "mauvais nombre de tuiles", "bad_meld": "combinaison incorrecte",
    "winning_tile_not_in_hand": "la tuile gagnante n'est pas dans la main", "not_complete": "pas une main gagnante",
    "bad_notation": "notation incorrecte", "bad_field": "champ incorrect", "unknown_key": "clé inconnue",
    "unknown_rules": "règles inconnues", "unknown_option": "option inconnue", "bad_option": "option incorrecte",
    "not_winning": "pas une main gagnante", "no_yaku": "aucun yaku", "below_minimum": "sous le minimum de points",
    "game_over": "la partie est terminée", "ends_early": "la partie finirait plus tôt", "bad_import": "import incorrect", "bad_json": "JSON incorrect",
    "bad_text": "texte incorrect", "too_large": "trop grand", "not_found": "introuvable",
    "empty": "le fichier est vide", "truncated": "l'image est tronquée ou abîmée",
    "unsupported": "ce format d'image n'est pas accepté", "not_an_image": "ce n'est pas une image",
    "too_small": "l'image est trop petite", "bad_array": "image incorrecte", "read_only": "lecture seule",
    "database_error": "le journal des parties n'a pas pu être lu ou écrit", "reader_unavailable": "le lecteur de photos est indisponible",
    "unavailable": "indisponible", "internal": "erreur inattendue", "bad_seat": "place incorrecte",
    "discarder_unknown": "donneur de l'écart inconnu", "bad_role": "rôle incorrect", "unknown_payer": "payeur inconnu",
    "bad_payments": "paiements incorrects", "method_not_allowed": "méthode non acceptée",
    "bad_request": "requête incorrecte", "request_entity_too_large": "l'envoi est trop grand",
}


def _pattern(english: str):
    parts = re.split(r"\{\}", strip_citation(english))
    return re.compile("^" + "(.+?)".join(re.escape(p) for p in parts) + "$", re.S)


#: Values put into a message that are words themselves (a calibration row's title, "too many").
_FIXED = {k: v for k, v in MESSAGES_FR.items() if "{}" not in k}
_FIXED.update({"many": "trop", "few": "trop peu", "1st": "1re", "2nd": "2e", "3rd": "3e",
               "JPEG, HEIC, PNG, WebP, BMP, TIFF or GIF": "JPEG, HEIC, PNG, WebP, BMP, TIFF ou GIF",
               "file": "le fichier",       # the field of a game's import
               # what tiles read beside the hand were taken for (grouping's tile count)
               "flowers": "fleurs", "dora indicators": "indicateurs de dora",
               # the system's reasons a file cannot be read (a photo's path given to `mjtable read`)
               "No such file or directory": "fichier ou dossier introuvable", "Permission denied": "permission refusée",
               "Is a directory": "c'est un dossier", "Not a directory": "un élément du chemin n'est pas un dossier",
               # the layout's rows in a word each (a calibration photo's rows laid in another order)
               "characters": "caractères", "dots": "ronds", "bamboo": "bambous", "honours": "honneurs",
               "flowers and seasons": "fleurs et saisons",
               "flowers and dora indicators": "fleurs et indicateurs de dora",
               # a wind put into a message by its letter ("as Ann (E) in the W round"): French says O
               # for West, and a letter reads as none of the winds' names
               "E": "Est", "S": "Sud", "W": "Ouest", "N": "Nord",
               "East": "Est", "South": "Sud", "West": "Ouest", "North": "Nord",
               # the wait a pinfu hand's winning tile also completes (riichi's pinfu note)
               "edge wait": "attente au bord", "closed wait": "attente fermée", "pair wait": "attente sur la paire"})
# the yakuman a player is liable for (pao), named in a payment's reason (002 §3.3.9, §4.2.5)
_FIXED.update({YAKU_NAMES[key][0]: YAKU_NAMES[key][1] for key in ("daisangen", "daisuushi")})
# the MCR fans of several sets, named where the account-once principle refuses another one
# ("Mixed Double Chow combines 123p with 123m"), after the riichi yakuman of the same English name
_FIXED.update({fan.name_en: fan.name_fr for fan in MCR_FANS if fan.combination and fan.name_en not in _FIXED})
# the rule sets by their titles, as the game log's refusals name them
_FIXED.update({title: FR[title] for title in ("Chinese Official (MCR, 81 fans)", "Riichi (EMA 2016)",
                                              "Classical (points and doubles)", "Hong Kong old style")})

def _figure_fr(value: str) -> str | None:
    """A figure put into a message as English writes it ("1,000,000"; "10000") as French does
    (« 1 000 000 »), else None: a form's bounds were said « de 1,000 à 1,000,000 »."""
    if re.fullmatch(r"-?\d{1,3}(?:,\d{3})+", value):
        return value.replace(",", "\u202f")
    if re.fullmatch(r"-?\d{5,}", value):
        try:
            return number(int(value), language="fr")
        except ValueError:      # past Python's 4,300 digits of int(): said as written
            return None
    if re.fullmatch(r"-?\d+\.\d+", value):      # a probability, a confidence: « 0,97 »
        return value.replace(".", ",")
    return None


def _ordinal_fr(value: str) -> str | None:
    """An English ordinal put into a message ("6th") in French ("6e"; "1re"), else None."""
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", value)
    return None if m is None else (f"{m.group(1)}re" if m.group(1) == "1" else f"{m.group(1)}e")


_MESSAGE_PATTERNS = sorted(((_pattern(k), v) for k, v in MESSAGES_FR.items()),
                           key=lambda kv: -len(kv[0].pattern))


def french_message(text: str) -> str | None:
    """The French of an English message of the scorer, vision or the input checks, or None."""
    text = strip_citation(str(text)).strip()
    for pattern, french in _MESSAGE_PATTERNS:
        m = pattern.match(text)
        if m:
            # a value that is itself a message (« la main lue n'est pas valide : {0} ») in French too
            return _french(french).format(*(_FIXED.get(v) or _ordinal_fr(v) or _figure_fr(v) or _parts_fr(v)
                                            or _tiles_or_fr(v) or _items_fr(v) or french_message(v) or _quoted_fr(v) for v in m.groups()))
    # a command-line flag and its value before the message ("--dora-indicators 2x: unexpected
    # character 'x'..."): the flag kept, the message in French (`record win --lang fr` said it in English)
    m = _FLAG_OPENING.match(text)
    if m:
        inner = french_message(m.group(2))
        if inner is not None:
            return f"{m.group(1)} : {inner}"
    # several messages joined ("the file is empty; send or export the photo again"), each with its
    # French (`mjtable read --lang fr` said this one in English)
    return _parts_fr(text)


#: A command-line flag with its value, opening a message ("--dora-indicators 2x: ...").
_FLAG_OPENING = re.compile(r"(--[a-z][a-z-]* [^:]+?): (.+)", re.S)


def _parts_fr(value: str) -> str | None:
    """A value of several messages ("standing tile 1 (tile #2): ...; the winning tile ...") each
    in French, joined as French joins them; None unless every one has its French."""
    if "; " not in value:
        return None
    each = [french_message(p) for p in value.split("; ")]
    return " ; ".join(each) if all(e is not None for e in each) else None


#: Tiles one of which completes a hand, as ``scorer.tiles.tiles_or`` lists them ("6s or 9s")
_TILES_OR = re.compile(r"(?:[0-9][mpszf], )*[0-9][mpszf] or [0-9][mpszf]")


def _tiles_or_fr(value: str) -> str | None:
    """``tiles_or``'s list in French ("6s ou 9s"); None for another value."""
    return value.replace(" or ", " ou ") if _TILES_OR.fullmatch(value) else None


def _items_fr(value: str) -> str | None:
    """A value listing items ("face down, 3p, face down": the tiles a warning names) with those
    items words name in French; None when none does."""
    if ", " not in value:
        return None
    items = value.split(", ")
    said = [_FIXED.get(item, item) for item in items]
    return ", ".join(said) if said != items else None


def _quoted_fr(value: str) -> str:
    """A value the English quotes as Python does ('x', the character or text at fault) in French
    quotes: « caractère inattendu 'x' » mixed the two typographies."""
    if len(value) >= 2 and value[0] == value[-1] == "'" and "'" not in value[1:-1]:
        return f"« {value[1:-1]} »"
    return value


def msg(text, code: str | None = None) -> str:
    """A message of the scorer, vision or the input checks in the page's language, its source
    cut out. English pages show it as it is; French ones by pattern, else by its code."""
    field = None
    if isinstance(text, dict):
        code, field, text = text.get("code") or code, text.get("field"), text.get("message", "")
    said = _counted(_message(text, code))
    if isinstance(field, str) and field.startswith("options.") and field.count(".") == 1:
        # the option as its form names it: "option limit must be at least 1" named a key no
        # page shows ("l'option limit" in French)
        key = field.split(".", 1)[1]
        said = said.replace(f"option {key} ", f"option {quoted(option_words(None, key))} ", 1)
    elif isinstance(field, str) and field.startswith("context.") and field.count(".") == 1:
        # the field as the review page labels it: "riichi_sticks doit être..." named a key no page
        # shows (the scorer's message and the form's own both open on it)
        key = field.split(".", 1)[1]
        words = label(key, kind="context")
        for opening in (f"{key} ", f"{key.replace('_', ' ')} "):
            if said.startswith(opening):
                said = (quoted(words) if lang() == "fr" else words) + " " + said[len(opening):]
                break
    return said


#: A count written into a message and the words after it up to the next figure or sign: "1 counter(s)"
#: in "ron + 1 counter(s) × 300", « combinaison(s) » in « 13 debout + 0 combinaison(s) ».
_COUNTED_CLAUSE = re.compile(r"(?<![\w.,])(\d{1,3}(?:[,\u202f\u00a0]\d{3})+|\d+)(\s[^,;:×=+\d]*)")


def _counted(text: str) -> str:
    """``text``'s "(s)" marks settled by the count that opens their clause, as :func:`_plural`
    settles a page's: a message arrives with its figures already in it ("ron + 1 counter(s) × 300",
    « les 2 dernière(s) main(s) enregistrée(s) »)."""
    return _COUNTED_CLAUSE.sub(lambda m: m.group(1) + _plural(m.group(2), int(re.sub(r"\D", "", m.group(1)))), text)


def _words_matched(text: str) -> int:
    """How many characters of its own words the English message pattern ``text`` matches has (its
    values left out); 0 where none matches."""
    text = strip_citation(str(text)).strip()
    pattern = next((p for p, _ in _MESSAGE_PATTERNS if p.match(text)), None)
    return 0 if pattern is None else len(pattern.pattern.replace("(.+?)", ""))


def _message(text, code: str | None) -> str:
    """``msg``'s text in the page's language."""
    if text is None:
        text = ""
    if lang() != "fr":
        return strip_citation(str(text))
    # several messages in one ("a; b"), as CalibrationError, the calibration page and the reason no
    # hand was rebuilt join them: each in French where each has its French, before the whole (a
    # pattern's last value took in every message after the first, and they stayed English)
    parts = [p for p in str(text).split("; ") if p] if "; " in str(text) else [str(text)]
    french = None
    if len(parts) > 1:
        each = [french_message(p) for p in parts]
        french = " ; ".join(each) if all(e is not None for e in each) else None
        # unless one message of more words holds the "; " itself (the account-once reason: "Its
        # sets ... combined: A combines ...; B combines .... A set already ..." was cut at it, its
        # opening and closing sentences left in English)
        if french is not None and _words_matched(str(text)) > max(_words_matched(p) for p in parts):
            french = french_message(text) or french
    if french is None:
        french = french_message(text)
    if french is not None:
        return french
    if code and code in CODES_FR:
        return CODES_FR[code]
    return strip_citation(str(text))


def rules_title(name: str, title: str | None = None) -> str:
    """A rule set's title in the page's language."""
    if title is None:
        import scorer
        try:
            title = scorer.get_rule_set(name).title
        except Exception:       # noqa: BLE001 - an unknown or uninstalled rule set: its name
            title = name
    return t(title)


#: Rule options' help in French, by option name (the English is the scorer's; its sources stay
#: behind the "source" link).
OPTION_HELP_FR = {
    # the document each variant follows, named: a French club plays FFMJ's (001) and found the
    # default (000) only by scoring a hand otherwise than its referee
    "kong_pair_values": "un kong exposé et un kong caché, deux kongs cachés : A (000, règles internationales) = sans combinaison commune (kong exposé 1 + kong caché 2 ; deux kongs cachés 6) ; B (001, FFMJ) = une combinaison à 6 ; deux kongs cachés 8 ; C = une combinaison à 5, deux kongs cachés 6",
    # MCR's patterns by 000's names, as the score lines say them (an option named a fan the score called otherwise)
    "fully_concealed_on_concealed_specials": "compter Main Entièrement Cachée (4) au lieu de Pioche (1) sur Sept Paires, Quatre Pung Cachés, Neuf Portes, Honneurs et Tuiles Cousues et Treize Orphelins gagnés en pioche ; par défaut le règlement l'interdit",
    "nine_gates": "ce que Neuf Portes exclut : A (000, règles internationales) = Main Pure et tout Pung de Terminales ou d'Honneurs ; B (001, FFMJ) = garde les Pung de Terminales ou d'Honneurs, pas de Pung cachés ; C = n'ôte qu'un Pung de Terminales ou d'Honneurs",
    "four_kongs_single_wait": "ajouter Attente de la Paire à Quatre Kong ; par défaut l'attente est implicite",
    "knitted_straight_wait": "une attente à côté d'une Suite Cousue : A = aucune quand la tuile gagnante est l'une des neuf de la suite, qu'elle a pu compléter ; B = comptée quand la suite a son propre exemplaire de cette tuile",
    "all_terminals_double_pung": "ajouter Double Pung à Tout Terminales ; par défaut le règlement l'interdit",
    "all_green_half_flush": "ajouter Main Propre à Tout Vert ; par défaut le règlement l'interdit",
    "big_four_winds_wind_pungs": "ajouter Vent du Joueur / Vent Dominant à Quatre Grands Vents (lecture littérale) ; par défaut compris par définition",
    "minimum_points": "points nécessaires pour déclarer Mah-jong, fleurs non comptées",
    "nagashi_mangan": "compter le nagashi mangan : ce n'est pas une main des règles EMA 2016, l'activer est refusé",
    "red_fives": "compter chaque cinq rouge comme une dora dans chaque main : une règle maison, l'EMA 2016 n'en a pas ; pour une seule main, donner plutôt le contexte cinq rouges de cette main",
    "min_faan": "fan minimum pour gagner ; les joueurs en conviennent, le règlement ne donne pas de chiffre",
    "max_faan": "fan comptés au plus (la limite) ; 13 est le plus grand total des exemples",
    "moon_ching": "compter 1G Moon Ching (main cachée, 1 fan), optionnel",
    "dok_ting": "compter 1H Dok Ting (une seule chance, 1 fan), optionnel",
    "flower_method": "compte des fleurs : aucune (sans fleurs), A chaque fleur ou aucune = 1 fan, B fleur du tour, C fleur de la position, D tour et position = 2 fan",
    "payment": "qui paie sur un écart : (1) l'écarteur paie le score, (2) il paie double, (3) il le paie et les deux autres la moitié chacun",
    "kong_discarder_pays_triple": "méthode (4) : avec (1) ou (2), une victoire sur la tuile de remplacement d'un kong pris sur un écart est payée trois fois par cet écarteur",
    "odd_faan": "au-delà de 4 fan la prime double tous les 2 fan ; un fan impair paie le niveau du dessous, ou la moitié du chemin jusqu'au suivant",
    "base_points": "valeur de 0 fan en points (convenue)",
    "limit": "le plus qu'une main compte (avant le doublement d'Est)",
    "flowers": "compter fleurs et saisons : 4 points chacune, et les doubles des fleurs",
}
#: Payment methods of the classical rules (the option "payment" of both HK and classical).
OPTION_HELP_FR_BY_RULES = {
    ("classical", "payment"): "tous paient : les trois perdants paient le gagnant ; l'écarteur paie : sur un écart seul l'écarteur paie",
}

def _choices_as_labelled(text: str, choices, option: str | None = None, rules: str | None = None) -> str:
    """``text`` with each source-named choice's ``NAME =`` written as its menu label's, and each
    choice named by its key ("all_pay: the three losers pay") as its menu names it ("all pay")."""
    for i, c in enumerate(choices or ()):
        if text and _SOURCE_NAMED.match(str(c)):
            text = re.sub(rf"\b{re.escape(str(c))} =", lambda _m, c=c, i=i: f"{choice_label(c, i)} =", text)
        elif text and "_" in str(c):
            text = re.sub(rf"\b{re.escape(str(c))}\b", lambda _m, c=c, i=i: str(choice_label(c, i, option, rules)),
                          text)
    return text


_REFERENCE = re.compile(r"\b(?:000|001|002|003|004)(?: n°[\d/]+| §[\d.]+| [A-Z][\w-]*)?|\bffmj\d*|\bpymahjong\w*|"
                        r"\bmahjong\.wikidot\b|\bBabcock(?: 1923)?")


def item_note(text: str) -> str:
    """A scored item's note in the page's language, its source reference kept (it is shown
    behind the item's "source" link)."""
    if lang() != "fr" or not text:
        return text or ""
    clean, refs = split_source(text)
    if refs is not None and refs.strip() == text.strip():
        return text             # a reference alone ("004 1A"): said once, as on English pages
    french = french_message(clean) or clean
    return f"{french} ({refs})" if refs else french


def option_help(rules: str, name: str, english: str, choices=()) -> tuple[str, str | None]:
    """``(help in the page's language without its sources, the sources or None)``. A choice
    named after its source ("ffmj2013 = ...") is called in the help as in its menu
    (``choice_label``: "variant B = ..."), since the source's name leaves the help."""
    english = _choices_as_labelled(english, choices, name, rules)
    if lang() != "fr":
        return split_source(english)
    french = OPTION_HELP_FR_BY_RULES.get((rules, name)) or OPTION_HELP_FR.get(name)
    if not french:
        text, refs = split_source(english)
        return text, _source_fr(refs)
    # the English help's own references, whole (« 004 Pointage pour les Fleurs »: the section's
    # title, by which a reader finds it in the document); the bare ones where it has none in brackets
    whole = split_source(english)[1]
    if whole and whole != english:
        return french, _source_fr(whole)
    refs = sorted(set(_REFERENCE.findall(english or "")))
    return french, _source_fr("; ".join(refs) if refs else None)


#: The English words of the options' source references ("001 exercise 4"), in French.
_SOURCE_WORDS_FR = (("worked totals", "totaux détaillés"), ("exercise", "exercice"), ("example", "exemple"),
                    ("remark", "remarque"), ("agreed", "convenu"), ("by analogy", "par analogie"),
                    ("the hand", "la main"), ("ruling", "décision"))


def french_quoted(text: str | None) -> Markup:
    """``text`` for a page, the rule documents' French words it quotes (« … ») marked French on
    pages in another language, so that a screen reader reads them with a French voice."""
    if lang() == "fr":
        return Markup(escape(text or ""))
    return Markup("".join(f'<span lang="fr">{escape(p)}</span>' if p.startswith("«") else str(escape(p))
                          for p in re.split(r"(«[^»]*»)", text or "")))


#: The language of each rule set's own names (BCP 47): riichi's Japanese, Hong Kong's Cantonese
#: in traditional characters, MCR's and classical play's Chinese.
NATIVE_LANGS = {"riichi": "ja", "hk": "zh-HK", "mcr": "zh", "classical": "zh"}


def native_name(text: str | None, rules: str) -> Markup:
    """A scored item's own name for a page: its characters marked in their language, the
    romanisation after them ("(pinfu)", "Dai Sam Yuen") left in the page's, which a Japanese or
    Chinese voice read badly."""
    text = text or ""
    at = next((i for i, ch in enumerate(text) if ch.isascii() and (ch.isalpha() or ch == "(")), len(text))
    head, tail = text[:at].strip(), text[at:].strip()
    marked = f'<span lang="{NATIVE_LANGS.get(rules, "zh")}">{escape(head)}</span>' if head else ""
    return Markup(f'<span class="native">{marked}{" " if head and tail else ""}{escape(tail)}</span>')


def source_text(refs: str | None) -> str:
    """A source reference in the page's language (« the hand: 000 n°37 » was English on French pages)."""
    return (_source_fr(refs) if lang() == "fr" else refs) or ""


def _source_fr(refs: str | None) -> str | None:
    if not refs:
        return refs
    for english, french in _SOURCE_WORDS_FR:
        refs = re.sub(rf"\b{english}\b", french, refs)
    # French puts a space before a colon ("004 : convenu") and a semicolon ("000 n°49 ; 000, ...")
    return re.sub(r"(?<=\S)([:;])(?= )", r" \1", refs)
