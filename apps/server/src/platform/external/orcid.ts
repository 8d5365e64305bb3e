/**
 * Researcher identity (ORCID): exchanges the OAuth code the popup brought back for the
 * researcher's ORCID iD. Tests run a local fake of the token endpoint at ORCID_BASE_URL.
 */
export interface OrcidAdapter {
  readonly enabled: boolean;
  exchangeCode(code: string, redirectUri: string): Promise<string | null>;
}

export function orcidAdapter(config: {
  clientId?: string;
  clientSecret?: string;
  baseUrl: string;
}): OrcidAdapter {
  const enabled = Boolean(config.clientId && config.clientSecret);
  return {
    enabled,
    async exchangeCode(code, redirectUri) {
      if (!enabled) return null;
      const body = new URLSearchParams({
        client_id: config.clientId!,
        client_secret: config.clientSecret!,
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
      try {
        const response = await fetch(`${config.baseUrl.replace(/\/$/, '')}/oauth/token`, {
          method: 'POST',
          headers: { accept: 'application/json' },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) return null;
        const result = (await response.json()) as { orcid?: string };
        return typeof result.orcid === 'string' ? result.orcid : null;
      } catch {
        return null;
      }
    },
  };
}
