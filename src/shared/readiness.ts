// Whether this process is shutting down: set by the server on SIGTERM, read by every /readyz (the
// API's and a worker's), which then answers 503 so that load balancers stop sending traffic.
export const readiness = { shuttingDown: false };
