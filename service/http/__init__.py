"""The HTTP edge: the Flask app, routes, schemas, OpenAPI, limits, languages and the page."""
