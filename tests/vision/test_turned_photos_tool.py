"""vision_lab.turned_photos turns a photo as a phone whose rotation tag was lost shows it: a
quarter turn keeps the whole photo (a turn on the same canvas cut its ends off)."""
import numpy as np

from vision_lab.turned_photos import turned


def test_a_quarter_turn_keeps_the_whole_photo_and_turns_counter_clockwise():
    image = np.zeros((20, 60, 3), np.uint8)
    image[0, 59] = 255                      # the top right corner
    quarter = turned(image, 90)
    assert quarter.shape == (60, 20, 3) and quarter[0, 0].tolist() == [255, 255, 255]   # now top left
    assert turned(image, 270)[59, 19].tolist() == [255, 255, 255]
    assert turned(image, 180).shape == image.shape and turned(image, 180)[19, 0].tolist() == [255, 255, 255]
    assert turned(image, 8).shape == image.shape
