"""What the service tells its operator as it runs: JSON logs with each request's id
and Prometheus metrics. Every other layer may use it; it uses none of them."""
