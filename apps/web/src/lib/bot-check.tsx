import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clientConfigQuery, type ClientConfig } from './client-config';

type Recaptcha = NonNullable<ClientConfig['recaptcha']>;

/** The part of Google's reCAPTCHA API the portal uses. */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
  render(element: HTMLElement, options: { sitekey: string; callback: (token: string) => void }): number;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | null = null;

function loadRecaptcha(v3SiteKey: string | null): Promise<Grecaptcha> {
  const present = window.grecaptcha;
  if (present) return new Promise((resolve) => present.ready(() => resolve(present)));
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(v3SiteKey ?? 'explicit')}`;
    script.async = true;
    script.onload = () => window.grecaptcha!.ready(() => resolve(window.grecaptcha!));
    script.onerror = () => {
      loading = null;
      reject(new Error('The bot check could not load.'));
    };
    document.head.append(script);
  });
  return loading;
}

interface BotCheckAnswer {
  recaptcha?: string;
  is_v2?: boolean;
}

/**
 * The bot check of a form (foundation §4): an invisible v3 token with each submission; after a
 * 'Recaptcha Failed' answer, the v2 challenge, whose token is sent with `is_v2`. Nothing at all
 * when the server has no bot check configured.
 */
export function useBotCheck(action: string) {
  const queryClient = useQueryClient();
  // Read when the form is sent rather than subscribed to: the form does not render again when the
  // configuration arrives, as the page starts (issue 15, Total Blocking Time).
  const readConfig = useCallback(
    async () => (await queryClient.ensureQueryData(clientConfigQuery)).recaptcha,
    [queryClient],
  );
  /** The keys of the v2 challenge while it is shown. */
  const [challenge, setChallenge] = useState<Recaptcha | null>(null);
  const [v2Token, setV2Token] = useState<string | null>(null);
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!challenge?.v2_site_key || !holder.current) return;
    const element = holder.current;
    void loadRecaptcha(challenge.v3_site_key).then((api) => {
      if (element.childElementCount === 0)
        api.render(element, { sitekey: challenge.v2_site_key!, callback: setV2Token });
    });
  }, [challenge]);

  /** What to send with the form. */
  const answer = useCallback(async (): Promise<BotCheckAnswer> => {
    const config = await readConfig();
    if (!config) return {};
    if (v2Token) return { recaptcha: v2Token, is_v2: true };
    if (!config.v3_site_key) return {};
    const api = await loadRecaptcha(config.v3_site_key);
    return { recaptcha: await api.execute(config.v3_site_key, { action }) };
  }, [readConfig, v2Token, action]);

  /** After 'Recaptcha Failed' (the answer read the configuration): show the v2 challenge if there is one. Answers whether there is. */
  const fallBack = useCallback(() => {
    const config = queryClient.getQueryData(clientConfigQuery.queryKey)?.recaptcha;
    if (!config?.v2_site_key) return false;
    setChallenge(config);
    setV2Token(null);
    return true;
  }, [queryClient]);

  const widget: ReactNode = challenge ? <div ref={holder} aria-label="Bot check" /> : null;
  return { answer, fallBack, widget, waitingForChallenge: challenge !== null && !v2Token };
}
