import { useState } from 'react';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

interface ClientConfig {
  orcid: { client_id: string; authorize_url: string } | null;
}

const POPUP = 'width=600,height=750';
const POLL_MS = 500;

/**
 * The researcher-identity link (foundation §4): a 600×750 popup signs in at ORCID; its landing page
 * (/orchid-redirect) posts the code back — only messages from this site are read — and the code is
 * exchanged for the ORCID iD. The popup is polled every 500 ms so closing it ends the wait.
 */
export function OrcidLinkButton({ onLinked }: { onLinked: (orcid: string) => void }) {
  const [waiting, setWaiting] = useState(false);
  const config = useQuery({
    queryKey: ['client-config'],
    queryFn: () => apiFetch<ClientConfig>('client-config/'),
    staleTime: Infinity,
  });
  const orcid = config.data?.orcid;
  if (!orcid) return null;

  const start = () => {
    const redirectUri = `${window.location.origin}/orchid-redirect`;
    const url = new URL(orcid.authorize_url);
    url.search = new URLSearchParams({
      client_id: orcid.client_id,
      response_type: 'code',
      scope: '/authenticate',
      redirect_uri: redirectUri,
    }).toString();
    const popup = window.open(url.toString(), 'orcid', POPUP);
    if (!popup) return;
    setWaiting(true);
    const finish = () => {
      window.clearInterval(poll);
      window.removeEventListener('message', onMessage);
      setWaiting(false);
    };
    const onMessage = async (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== 'orcid-redirect') return;
      finish();
      const code = new URLSearchParams(String(event.data.search)).get('code');
      if (!code) return;
      const result = await apiFetch<{ orcid: string }>('orcid/', {
        query: { code, redirect_uri: redirectUri },
      });
      onLinked(result.orcid);
    };
    const poll = window.setInterval(() => popup.closed && finish(), POLL_MS);
    window.addEventListener('message', onMessage);
  };

  return (
    <Button variant="light" onClick={start} loading={waiting} w="fit-content">
      Link ORCID iD
    </Button>
  );
}
