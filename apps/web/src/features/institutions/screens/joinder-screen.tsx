import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch, ApiError } from '@/lib/api-client';
import { Page } from '@/components/page';
import { useAffiliation } from '@/lib/affiliation';
import { useSession } from '@/lib/session';
import { useRda } from '../api/institutions';
import { PdfViewer } from '../components/pdf-viewer';
import { formatDate } from '@rrp/domain';

const FULLY_EXECUTED = 3;

/** /joinder: a researcher reads their institution's executed RDA and agrees to it. */
export default function JoinderScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const affiliation = useAffiliation(user);
  const institution = affiliation.data?.institution ?? null;
  const link = affiliation.data?.link ?? null;
  const rda = useRda(institution?.current_rda ?? null);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (affiliation.isPending) {
    return (
      <Page title="RDA Joinder">
        <Skeleton h={320} />
      </Page>
    );
  }
  if (!institution || !link || institution.rda_status !== FULLY_EXECUTED) {
    return (
      <Page title="RDA Joinder">
        <Alert color="blue" maw={720}>
          Your institution’s Researcher Distribution Agreement is not fully executed yet. You can join it once
          your signing official and the foundation have signed it.
        </Alert>
      </Page>
    );
  }
  if (link.joinder_date) {
    return (
      <Page title="RDA Joinder">
        <Alert color="green" role="status" maw={720}>
          You agreed to the RDA of {institution.name} on {formatDate(link.joinder_date)}.
        </Alert>
      </Page>
    );
  }

  const agree = async () => {
    setSaving(true);
    setError(null);
    try {
      await apiFetch(`user-institution/${link.id}/`, {
        method: 'PATCH',
        body: { joinder_date: new Date().toISOString() },
      });
      await queryClient.invalidateQueries({ queryKey: ['affiliation'] });
      navigate('/', { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.summary : 'Failed to update object');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title="RDA Joinder">
      <Stack>
        <Text>
          Before you request resources, please read the Researcher Distribution Agreement of{' '}
          {institution.name} and agree to join it.
        </Text>
        {/* The agreement's place is kept while it loads: the checkbox below does not move under a click. */}
        {rda.isLoading ? (
          <Skeleton h={640} />
        ) : (
          rda.data?.base64 && <PdfViewer base64={rda.data.base64} title="Researcher Distribution Agreement" />
        )}
        <Card withBorder padding="lg">
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Checkbox
              label="I have read the Researcher Distribution Agreement and agree to its terms."
              checked={agreed}
              onChange={(event) => setAgreed(event.currentTarget.checked)}
            />
            <Button onClick={agree} disabled={!agreed} loading={saving} w="fit-content">
              Agree and continue
            </Button>
          </Stack>
        </Card>
      </Stack>
    </Page>
  );
}
