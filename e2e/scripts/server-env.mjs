// The environment of the server the journeys run against: its own port and a fresh data directory,
// so every run (or every lane of `npm test`) starts from the demo seed.

/** Types: server-env.d.mts. */
export function journeyServerEnv(port, dataDir, mailDir) {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    E2E_MAIL_DIR: mailDir,
    // The webhook journey's receiver listens on loopback.
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    // Every answer the journeys receive is checked against its route's response schema.
    RESPONSE_VALIDATION: 'strict',
  };
}
