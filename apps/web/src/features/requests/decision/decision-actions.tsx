import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload, IconGavel } from '@tabler/icons-react';
import { can, type RequestDocumentKind, type RequestDto } from '@rrp/domain';
import { openErrorModal } from '@/components/modals';
import { ApiError } from '@/lib/api-client';
import { useActor, useCan } from '@/lib/use-can';
import { fetchRequestDocument, saveBase64Pdf } from '@/components/request-documents';
import { DecisionModal } from './decision-modal';
import { DECISION_TEXT, hasApprovalNotice } from './rules';

/**
 * 'Make a Decision' for staff whose role may decide on this request (the `decide` grant), while
 * the workflow leaves them a decision from its status (the detail's `transitions`).
 */
export function MakeDecisionButton({ request }: { request: RequestDto }) {
  const [opened, setOpened] = useState(false);
  const mayDecide = useCan(request, 'decide');
  if (!mayDecide || request.transitions?.length === 0) return null;
  return (
    <>
      <Button leftSection={<IconGavel size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {DECISION_TEXT.open}
      </Button>
      <DecisionModal request={request} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

const DOCUMENT_LABELS: Record<RequestDocumentKind, string> = {
  approval_notice: 'Download Approval Notice',
  docs: 'Download Application',
};

function DocumentButton({ request, kind }: { request: RequestDto; kind: RequestDocumentKind }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBase64Pdf(await fetchRequestDocument(request.id, kind));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        openErrorModal({ title: 'Error Downloading File', children: error.summary });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
    >
      {DOCUMENT_LABELS[kind]}
    </Button>
  );
}

/**
 * The request's downloads (researcher §7): the application for staff who read requests and the
 * owner; the approval notice too once the request is approved or fulfilled.
 */
export function RequestDocumentButtons({ request }: { request: RequestDto }) {
  const actor = useActor();
  if (!can(actor, 'read', 'RequestDocument', { ownerId: request.owner.id })) return null;
  return (
    <>
      {hasApprovalNotice(request.status) && <DocumentButton request={request} kind="approval_notice" />}
      <DocumentButton request={request} kind="docs" />
    </>
  );
}
