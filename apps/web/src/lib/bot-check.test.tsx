import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { setSessionSource } from './api-client';
import { useBotCheck } from './bot-check';

function withConfig(recaptcha: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ product_name: 'P', support_email: 's@x', orcid: null, recaptcha }), {
          status: 200,
        }),
    ),
  );
  const client = new QueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useBotCheck', () => {
  let v2Callback: ((token: string) => void) | undefined;
  beforeEach(() => {
    setSessionSource({ token: () => null, role: () => null });
    window.grecaptcha = {
      ready: (callback) => callback(),
      execute: vi.fn(async () => 'v3-token'),
      render: vi.fn((_element, options) => {
        v2Callback = options.callback;
        return 1;
      }),
    };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.grecaptcha;
  });

  it('sends nothing when the server has no bot check', async () => {
    const { result } = renderHook(() => useBotCheck('login'), { wrapper: withConfig(null) });
    expect(await result.current.answer()).toEqual({});
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(result.current.fallBack()).toBe(false);
  });

  it('sends a v3 token, then after a failure the v2 challenge’s token with is_v2', async () => {
    const wrapper = withConfig({ v3_site_key: 'site-3', v2_site_key: 'site-2' });
    const { result } = renderHook(() => useBotCheck('login'), { wrapper });
    await waitFor(async () => expect(await result.current.answer()).toEqual({ recaptcha: 'v3-token' }));
    expect(window.grecaptcha!.execute).toHaveBeenCalledWith('site-3', { action: 'login' });

    act(() => {
      expect(result.current.fallBack()).toBe(true);
    });
    expect(result.current.waitingForChallenge).toBe(true);
    expect(result.current.widget).not.toBeNull();
  });

  it('answers with the v2 token once the challenge is solved', async () => {
    const wrapper = withConfig({ v3_site_key: null, v2_site_key: 'site-2' });
    function Form({ onAnswer }: { onAnswer: (answer: unknown) => void }) {
      const bot = useBotCheck('register');
      return (
        <>
          <button onClick={() => bot.fallBack()}>fail</button>
          <button onClick={async () => onAnswer(await bot.answer())}>submit</button>
          {bot.widget}
        </>
      );
    }
    const onAnswer = vi.fn();
    const view = render(<Form onAnswer={onAnswer} />, { wrapper });
    // The form asks the configuration when it is first sent, not before.
    expect(fetch).not.toHaveBeenCalled();
    view.getByText('submit').click();
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({}));
    await waitFor(() => {
      view.getByText('fail').click();
      expect(window.grecaptcha!.render).toHaveBeenCalled();
    });
    act(() => v2Callback!('v2-token'));
    view.getByText('submit').click();
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ recaptcha: 'v2-token', is_v2: true }));
  });
});
