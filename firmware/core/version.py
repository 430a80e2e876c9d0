# The one version of Marcador: the PC package (pyproject.toml reads it),
# `marcador --version`, the firmware's answer to the sync "hello" and the
# release image's file name all come from this line.
VERSION = "0.7.0"
