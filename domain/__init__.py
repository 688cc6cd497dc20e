"""tablelog's rules and event model: pure Python, no HTTP, no SQL, no I/O."""
