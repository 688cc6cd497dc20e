"""tablelog's HTTP service, storage settings and command line."""
