export function journeyServerEnv(
  port: number,
  dataDir: string,
  mailDir: string | undefined,
): Record<string, string>;
