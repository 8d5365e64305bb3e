/**
 * The bot check (reCAPTCHA v3 with a v2 fallback). Off when no secret is configured: every
 * answer passes. Tests point RECAPTCHA_VERIFY_URL at a local fake of the verify endpoint.
 */
export interface BotCheck {
  readonly enabled: boolean;
  /** Whether the browser's token proves a person; `isV2` selects the v2 secret. */
  verify(token: string | undefined, isV2: boolean, remoteIp?: string): Promise<boolean>;
}

/** v3 answers carry a score: below this the caller is treated as a bot and falls back to v2. */
const MIN_V3_SCORE = 0.5;

export function recaptchaBotCheck(config: {
  secretV3?: string;
  secretV2?: string;
  verifyUrl: string;
}): BotCheck {
  const enabled = Boolean(config.secretV3 || config.secretV2);
  return {
    enabled,
    async verify(token, isV2, remoteIp) {
      if (!enabled) return true;
      const secret = isV2 ? config.secretV2 : config.secretV3;
      if (!secret || !token) return false;
      const body = new URLSearchParams({
        secret,
        response: token,
        ...(remoteIp ? { remoteip: remoteIp } : {}),
      });
      try {
        const response = await fetch(config.verifyUrl, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(5_000),
        });
        if (!response.ok) return false;
        const result = (await response.json()) as { success?: boolean; score?: number };
        if (!result.success) return false;
        return isV2 || result.score === undefined || result.score >= MIN_V3_SCORE;
      } catch {
        // The check could not be made: refuse, and let the person try the v2 challenge.
        return false;
      }
    },
  };
}
