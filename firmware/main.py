"""Boot straight into the menu on the board named in board.json (see core/boot.py)."""
from core.boot import main

main()
