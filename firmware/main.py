# Boot: the board's setup (pins, buses, display, buttons: board.py, the only
# file that knows the hardware), then the app loop. In the simulator a fake
# board.py comes first on the import path.
import board
from app.app import App

App(board.setup()).run()
