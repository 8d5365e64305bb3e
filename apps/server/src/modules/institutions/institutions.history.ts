import { INSTITUTION_STATUSES } from '@rrp/domain';
import type { HistoryFormat } from '../../platform/history-format';

/**
 * An institution's audit trail, in the order its page shows it. Whether staff acknowledged its
 * compliance state is staff bookkeeping; the RDA is named by its document.
 */
export const institutionHistoryFormat: HistoryFormat = {
  fields: [
    { key: 'name', label: 'Name' },
    { key: 'officialName', label: 'Official name' },
    { key: 'statusId', label: 'Status', choices: INSTITUTION_STATUSES },
    { key: 'ein', label: 'EIN' },
    { key: 'nonprofit', label: 'Nonprofit' },
    { key: 'domains', label: 'E-mail domains' },
    { key: 'associatedNames', label: 'Also known as' },
    { key: 'phoneNumber', label: 'Phone number' },
    { key: 'currentIoId', label: 'Signing official', ref: 'user' },
    { key: 'currentRdaId', label: 'Current RDA', ref: 'file' },
    { key: 'lastAnnualReviewAt', label: 'Last annual researcher review', as: 'date' },
    { key: 'comments', label: 'Comments', as: 'long' },
    { key: 'adminAcknowledge', label: 'Compliance acknowledged by staff', staffOnly: true },
  ],
};
