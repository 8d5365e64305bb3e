import type { SessionUserDto } from '@rrp/domain';
import type { SessionUser } from '../../platform/auth/session';
import type { users } from '../../db/schema';

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** The session user as GET user/me/ answers it. */
export function presentSessionUser(
  user: typeof users.$inferSelect,
  session: SessionUser,
  institution: { id: number; institutionId: number } | null,
  /** The user's verified further addresses: the only ones that count (decision 107). */
  verifiedEmails: string[],
  /** An approved ABN Data Access request, or access granted outside the portal (decision 233). */
  abnApproved: boolean = user.abnApproved,
): SessionUserDto {
  return {
    id: user.id,
    username: user.email,
    email: user.email,
    emails: [user.email, ...verifiedEmails.filter((email) => email !== user.email)],
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: fullName(user),
    phone_number: user.phoneNumber,
    primary_role: session.primaryRole,
    roles: session.roles,
    groups: session.groups,
    institutionId: institution?.institutionId ?? null,
    userInstitutionId: institution?.id ?? null,
    abn_approved: abnApproved,
    suspended_request: user.suspendedRequestId,
    impersonator: session.impersonator,
  };
}
