import { useMutation } from '@tanstack/react-query';
import type { FeedbackInput } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';

/** The feedback form: POST email/ with `feedback: true` (staff §7 "POST send email"). */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackInput) =>
      // A 429 (too many sent from this address) is this form's to show, not the app's.
      apiFetch<{ detail: string }>('email/', { method: 'POST', body, handleStatus: [429] }),
  });
}
