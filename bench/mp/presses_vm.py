# The key-press benchmark's run on the MicroPython VM: the real firmware on
# the simulator's board (RAM flash), with a Person (person.py) at the keys
# playing the plan on stdin. bench/presses.py starts it:
#   micropython bench/mp/presses_vm.py SIM_DIR FIRMWARE_DIR SEED SLIP HOLDS
#       < plan
# (SLIP: a hold's timing error; HOLDS: 1, or 0 for a person who only taps)
import sys

sys.path.insert(0, sys.argv[1])
sys.path.append(sys.argv[2])
import board  # noqa: E402  (the simulator's fake board)
import person  # noqa: E402

board.CONFIG["feeder"] = person.Person(sys.stdin.read().split("\n"),
                                       int(sys.argv[3]), float(sys.argv[4]),
                                       sys.argv[5] == "1")
import main  # noqa: E402,F401  (firmware/main.py: runs until the plan ends)
