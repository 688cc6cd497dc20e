"""Operating it: the command line, the benchmarks and the production server."""
