import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  MESSAGES,
  type Actor,
  type InvitationDto,
  type ProposeInstitution,
  type RegisterOfficial,
  type ReplaceOfficial,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import type { Mailer } from '../../platform/mail/mailer';
import type { BotCheck } from '../../platform/external/recaptcha';
import { createUser } from '../../db/factories';
import { institutions, notifications, officialInvitations, userInstitutions, users } from '../../db/schema';
import * as repo from './institutions.repo';
import { invitationDeclinedEmail, officialInvitationEmail, type EmailContext } from './institutions.emails';
import type { InstitutionsService } from './institutions.service';

const PENDING_OFFICIAL = 1;
const ADDING_NEW_OFFICIAL = 6;
/** Invitations stay valid for 30 days: officials often need time to confirm internally. */
const INVITATION_DAYS = 30;

const digest = (raw: string) => createHash('sha256').update(raw).digest('hex');
const domainOf = (email: string) => email.split('@')[1]!.toLowerCase();

/** Proposals of new institutions, and the invitation of their signing officials (foundation §2). */
export function createOfficialsService(deps: {
  db: Db;
  mailer: Mailer;
  botCheck: BotCheck;
  email: EmailContext;
  institutions: InstitutionsService;
}) {
  const { db, mailer } = deps;

  async function invite(
    tx: DbOrTx,
    institution: { id: number; name: string },
    official: ProposeInstitution['io_data'],
    researcher: { id: number; name: string },
  ) {
    // Only the newest invitation of an institution is valid.
    await tx
      .update(officialInvitations)
      .set({ status: 'withdrawn' })
      .where(
        and(eq(officialInvitations.institutionId, institution.id), eq(officialInvitations.status, 'pending')),
      );
    const token = randomBytes(32).toString('base64url');
    await tx.insert(officialInvitations).values({
      institutionId: institution.id,
      invitedById: researcher.id,
      firstName: official.first_name,
      lastName: official.last_name,
      email: official.email,
      phoneNumber: official.phone_number ?? null,
      tokenHash: digest(token),
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    });
    const officialName = `${official.first_name} ${official.last_name}`;
    const email = officialInvitationEmail(deps.email, {
      officialName,
      researcherName: researcher.name,
      institutionName: institution.name,
      token,
    });
    await mailer.queue(tx, {
      ...email,
      to: [official.email],
      template: 'official-invitation',
      createdById: researcher.id,
    });
  }

  async function researcherOf(tx: DbOrTx, actor: Actor) {
    const [user] = await tx.select().from(users).where(eq(users.id, actor.userId));
    if (!user) throw new NotFoundError();
    return { ...user, name: `${user.firstName} ${user.lastName}`.trim() };
  }

  async function findPendingInvitation(tx: DbOrTx, token: string, lock = false) {
    const query = tx
      .select({ invitation: officialInvitations, institutionName: institutions.name })
      .from(officialInvitations)
      .innerJoin(institutions, eq(institutions.id, officialInvitations.institutionId))
      .where(
        and(eq(officialInvitations.tokenHash, digest(token)), eq(officialInvitations.status, 'pending')),
      );
    const [row] = lock ? await query.for('update', { of: officialInvitations }) : await query;
    if (!row || row.invitation.expiresAt.getTime() <= Date.now()) {
      throw ValidationError.nonField(MESSAGES.invitationInvalid, 'INVITATION_INVALID');
    }
    return row;
  }

  return {
    /**
     * A researcher without an institution proposes theirs and names its signing official. A name
     * or e-mail domain that matches known institutions answers with suggestions instead.
     */
    async propose(actor: Actor, input: ProposeInstitution): Promise<{ institution: number }> {
      const created = await db.transaction(async (tx) => {
        const researcher = await researcherOf(tx, actor);
        if (input.io_data.email.toLowerCase() === researcher.email.toLowerCase()) {
          throw new ValidationError({ io_data: [MESSAGES.selfAsOfficial] });
        }
        const [affiliated] = await tx
          .select({ id: userInstitutions.id })
          .from(userInstitutions)
          .where(
            and(eq(userInstitutions.userId, actor.userId), sql`${userInstitutions.removalReason} is null`),
          );
        if (affiliated) throw ValidationError.nonField('You are already affiliated with an institution.');

        const sameName = await tx
          .select({ id: institutions.id, name: institutions.name })
          .from(institutions)
          .where(sql`lower(${institutions.name}) = lower(${input.institution_data.name})`);
        if (sameName.length) {
          throw new ValidationError({ non_field_errors: [MESSAGES.duplicateName] }, 'DUPLICATE_NAME', {
            suggestions: sameName.map((row) => ({ ...row, display_name: row.name })),
          });
        }
        const domain = domainOf(researcher.email);
        if (!input.confirm_duplicate_domain) {
          const sameDomain = await tx
            .select({ id: institutions.id, name: institutions.name })
            .from(institutions)
            .where(
              and(
                sql`${domain} = any(${institutions.domains})`,
                ne(institutions.statusId, ADDING_NEW_OFFICIAL),
              ),
            );
          if (sameDomain.length) {
            throw new ValidationError({ non_field_errors: [MESSAGES.duplicateDomain] }, 'DUPLICATE_DOMAIN', {
              suggestions: sameDomain.map((row) => ({ ...row, display_name: row.name })),
            });
          }
        }
        const institution = await repo.insertInstitution(tx, {
          name: input.institution_data.name,
          officialName: input.institution_data.official_name,
          domains: [domain],
          statusId: PENDING_OFFICIAL,
        });
        const withRda = await deps.institutions.attachDefaultRda(tx, institution, actor);
        await recordHistory(tx, {
          model: 'institution',
          objectId: institution.id,
          action: 'create',
          after: withRda,
          by: actor,
        });
        await tx
          .insert(userInstitutions)
          .values({ userId: actor.userId, institutionId: institution.id, primary: true, verified: false });
        await invite(tx, institution, input.io_data, researcher);
        return institution.id;
      });
      mailer.flush();
      return { institution: created };
    },

    /** A member of an institution names a new signing official (the previous one declined or went silent). */
    async replaceOfficial(actor: Actor, input: ReplaceOfficial): Promise<{ institution: number }> {
      await db.transaction(async (tx) => {
        const row = await repo.findInstitution(tx, input.institution, true);
        if (!row) throw new NotFoundError();
        const member = await repo.isMember(tx, row.institution.id, actor.userId);
        authorize(actor, 'read', 'Institution', {
          currentIoId: row.institution.currentIoId,
          memberIds: member ? [actor.userId] : [],
        });
        const researcher = await researcherOf(tx, actor);
        if (input.io_data.email.toLowerCase() === researcher.email.toLowerCase()) {
          throw new ValidationError({ io_data: [MESSAGES.selfAsOfficial] });
        }
        const after = await repo.updateInstitution(tx, row.institution.id, {
          statusId: PENDING_OFFICIAL,
          currentIoId: null,
        });
        await recordHistory(tx, {
          model: 'institution',
          objectId: after.id,
          action: 'update',
          before: row.institution,
          after,
          by: actor,
        });
        await invite(tx, after, input.io_data, researcher);
      });
      mailer.flush();
      return { institution: input.institution };
    },

    /** What an invitation link's token is for (the register page picks its variant from it). */
    async checkInvitation(token: string): Promise<InvitationDto> {
      const { invitation, institutionName } = await findPendingInvitation(db, token);
      return {
        user_type: 'sbso',
        email: invitation.email,
        first_name: invitation.firstName,
        last_name: invitation.lastName,
        phone_number: invitation.phoneNumber,
        institution: { id: invitation.institutionId, name: institutionName },
      };
    },

    /** The invited official registers: a verified signing officer who becomes the institution's official. */
    async registerOfficial(
      input: RegisterOfficial,
      remoteIp?: string,
    ): Promise<{ id: number; email: string }> {
      if (!(await deps.botCheck.verify(input.recaptcha, input.is_v2 ?? false, remoteIp))) {
        throw ValidationError.nonField(MESSAGES.recaptchaFailed, 'RECAPTCHA_FAILED');
      }
      return db.transaction(async (tx) => {
        const { invitation } = await findPendingInvitation(tx, input.token, true);
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = lower(${input.email})`);
        if (taken) throw new ValidationError({ email: [MESSAGES.emailTaken] });
        const user = await createUser(tx, {
          email: input.email,
          password: input.password,
          firstName: input.first_name,
          lastName: input.last_name,
          roles: ['sbso'],
          verified: input.email.toLowerCase() === invitation.email.toLowerCase(),
          agreedToTerms: true,
          institutionId: invitation.institutionId,
        });
        await tx
          .update(users)
          .set({ title: input.title, phoneNumber: input.phone_number })
          .where(eq(users.id, user.id));
        const before = await repo.findInstitution(tx, invitation.institutionId, true);
        const after = await repo.updateInstitution(tx, invitation.institutionId, { currentIoId: user.id });
        await recordHistory(tx, {
          model: 'institution',
          objectId: after.id,
          action: 'update',
          before: before?.institution,
          after,
          by: { userId: user.id },
        });
        await tx
          .update(officialInvitations)
          .set({ status: 'accepted' })
          .where(eq(officialInvitations.id, invitation.id));
        return { id: user.id, email: user.email };
      });
    },

    /** The invited official declines: the institution waits for the researcher to name another. */
    async declineInvitation(token: string): Promise<{ status: 'declined' }> {
      await db.transaction(async (tx) => {
        const { invitation, institutionName } = await findPendingInvitation(tx, token, true);
        await tx
          .update(officialInvitations)
          .set({ status: 'declined' })
          .where(eq(officialInvitations.id, invitation.id));
        const before = await repo.findInstitution(tx, invitation.institutionId, true);
        const after = await repo.updateInstitution(tx, invitation.institutionId, {
          statusId: ADDING_NEW_OFFICIAL,
        });
        await recordHistory(tx, {
          model: 'institution',
          objectId: after.id,
          action: 'update',
          before: before?.institution,
          after,
          by: null,
        });
        if (invitation.invitedById) {
          const [researcher] = await tx.select().from(users).where(eq(users.id, invitation.invitedById));
          if (researcher) {
            const officialName = `${invitation.firstName} ${invitation.lastName}`;
            await tx.insert(notifications).values({
              recipientId: researcher.id,
              message: `${officialName} declined to be the signing official of ${institutionName}.`,
              redirect: '/revise-institution-officer',
            });
            const email = invitationDeclinedEmail(deps.email, {
              researcherName: `${researcher.firstName} ${researcher.lastName}`.trim(),
              officialName,
              institutionName,
            });
            await mailer.queue(tx, {
              ...email,
              to: [researcher.email],
              template: 'official-declined',
              userId: researcher.id,
            });
          }
        }
      });
      mailer.flush();
      return { status: 'declined' };
    },
  };
}

export type OfficialsService = ReturnType<typeof createOfficialsService>;
