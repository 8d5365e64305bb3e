import { createHash, randomBytes } from 'node:crypto';
import {
  INSTITUTION_STATUS,
  MESSAGES,
  can,
  createInstitutionSchema,
  type Actor,
  type InvitationDto,
  type ProposeInstitution,
  type RegisterOfficial,
  type ReplaceOfficial,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import type { Mailer } from '../../platform/mail/mailer';
import type { BotCheck } from '../../platform/external/recaptcha';
import { createUser } from '../../db/factories';
import { notifyUsers } from '../notifications/notifications.service';
import { hasCurrentLink, insertLink } from './affiliations.repo';
import * as repo from './institutions.repo';
import * as officials from './officials.repo';
import { invitationDeclinedEmail, officialInvitationEmail, type EmailContext } from './institutions.emails';
import type { InstitutionsService } from './institutions.service';

const PENDING_OFFICIAL = INSTITUTION_STATUS.pendingSbso;
const ADDING_NEW_OFFICIAL = INSTITUTION_STATUS.addingNewSbso;
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
  /**
   * Queues the e-mail that proves an account's address (accounts, given at wiring: accounts
   * reads institutions, so institutions does not import it).
   */
  queueVerification: (tx: DbOrTx, user: Awaited<ReturnType<typeof createUser>>) => Promise<void>;
}) {
  const { db, mailer } = deps;

  /**
   * Invites the named official by e-mail (only the newest invitation of an institution is
   * valid). The inviter is the researcher who named them, or an administrator (no name in the
   * e-mail: the foundation invites).
   */
  async function invite(
    tx: DbOrTx,
    institution: { id: number; name: string },
    official: NonNullable<ProposeInstitution['io_data']>,
    inviter: { id: number; researcherName?: string },
  ) {
    await officials.withdrawPendingInvitations(tx, institution.id);
    const token = randomBytes(32).toString('base64url');
    await officials.insertInvitation(tx, {
      institutionId: institution.id,
      invitedById: inviter.id,
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
      researcherName: inviter.researcherName,
      institutionName: institution.name,
      token,
    });
    await mailer.queue(tx, {
      ...email,
      to: [official.email],
      template: 'official-invitation',
      createdById: inviter.id,
    });
  }

  /** The admin form: the institution in the status sent, with its default RDA and its official invited. */
  async function createWithOfficial(
    actor: Actor,
    input: ProposeInstitution,
  ): Promise<{ institution: number }> {
    const created = await db.transaction(async (tx) => {
      const institution = await deps.institutions.createIn(
        tx,
        actor,
        createInstitutionSchema.parse(input.institution_data),
      );
      await invite(tx, institution, input.io_data, { id: actor.userId });
      return institution.id;
    });
    return { institution: created };
  }

  /** The admin form's update: invites a new official (if sent), then applies the edit (if sent). */
  async function updateWithOfficial(actor: Actor, input: ReplaceOfficial): Promise<{ institution: number }> {
    await db.transaction(async (tx) => {
      if (input.io_data) {
        const row = await repo.findInstitution(tx, input.institution, true);
        if (!row) throw new NotFoundError();
        authorize(actor, 'update', 'Institution', { currentIoId: row.institution.currentIoId });
        // Invited first, so that a Follow Up or Reject sent with it reaches the new official.
        await invite(tx, row.institution, input.io_data, { id: actor.userId });
      }
      if (input.institution_data) {
        await deps.institutions.updateIn(tx, actor, input.institution, input.institution_data);
      }
    });
    return { institution: input.institution };
  }

  async function researcherOf(tx: DbOrTx, actor: Actor) {
    const user = await officials.findUser(tx, actor.userId);
    if (!user) throw new NotFoundError();
    return { ...user, name: `${user.firstName} ${user.lastName}`.trim() };
  }

  async function findPendingInvitation(tx: DbOrTx, token: string, lock = false) {
    const row = await officials.pendingInvitationByToken(tx, digest(token), lock);
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
      // Administrators, who create institutions outright, use the helper as the admin form.
      if (can(actor, 'create', 'Institution')) return createWithOfficial(actor, input);
      // The status is the admin form's (foundation §3).
      if (input.institution_data.status !== undefined) throw new ForbiddenError();
      const created = await db.transaction(async (tx) => {
        const researcher = await researcherOf(tx, actor);
        if (input.io_data.email.toLowerCase() === researcher.email.toLowerCase()) {
          throw new ValidationError({ io_data: [MESSAGES.selfAsOfficial] });
        }
        if (await hasCurrentLink(tx, actor.userId))
          throw ValidationError.nonField('You are already affiliated with an institution.');

        const sameName = await officials.institutionsNamed(tx, input.institution_data.name);
        if (sameName.length) {
          throw new ValidationError({ non_field_errors: [MESSAGES.duplicateName] }, 'DUPLICATE_NAME', {
            suggestions: sameName.map((row) => ({ ...row, display_name: row.name })),
          });
        }
        const domain = domainOf(researcher.email);
        if (!input.confirm_duplicate_domain) {
          const sameDomain = await officials.institutionsWithDomain(tx, domain, ADDING_NEW_OFFICIAL);
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
        await insertLink(tx, {
          userId: actor.userId,
          institutionId: institution.id,
          primary: true,
          verified: false,
        });
        await invite(tx, institution, input.io_data, { id: researcher.id, researcherName: researcher.name });
        return institution.id;
      });
      return { institution: created };
    },

    /**
     * A member of an institution names a new signing official (the previous one declined or went
     * silent); an administrator updates the institution and may name a new official.
     */
    async replaceOfficial(actor: Actor, input: ReplaceOfficial): Promise<{ institution: number }> {
      if (can(actor, 'update', 'Institution')) return updateWithOfficial(actor, input);
      // Editing the institution is the admin form's.
      if (input.institution_data !== undefined) throw new ForbiddenError();
      const officialData = input.io_data;
      if (!officialData) throw new ValidationError({ io_data: [MESSAGES.requiredField] });
      await db.transaction(async (tx) => {
        const row = await repo.findInstitution(tx, input.institution, true);
        if (!row) throw new NotFoundError();
        const member = await repo.isMember(tx, row.institution.id, actor.userId);
        authorize(actor, 'read', 'Institution', {
          currentIoId: row.institution.currentIoId,
          memberIds: member ? [actor.userId] : [],
        });
        const researcher = await researcherOf(tx, actor);
        if (officialData.email.toLowerCase() === researcher.email.toLowerCase()) {
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
        await invite(tx, after, officialData, { id: researcher.id, researcherName: researcher.name });
      });
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
    async registerOfficial(input: RegisterOfficial, remoteIp?: string): Promise<{ email: string }> {
      if (!(await deps.botCheck.verify(input.recaptcha, input.is_v2 ?? false, remoteIp))) {
        throw ValidationError.nonField(MESSAGES.recaptchaFailed, 'RECAPTCHA_FAILED');
      }
      const created = await db.transaction(async (tx) => {
        const { invitation } = await findPendingInvitation(tx, input.token, true);
        if (await officials.emailTaken(tx, input.email))
          throw new ValidationError({ email: [MESSAGES.emailTaken] });
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
        await officials.setUserContact(tx, user.id, { title: input.title, phoneNumber: input.phone_number });
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
        await officials.setInvitationStatus(tx, invitation.id, 'accepted');
        // Registered with another address than the invited one: that address must be proved,
        // as a researcher's is, before the account can sign in.
        if (!user.verified) await deps.queueVerification(tx, user);
        // No id, as a researcher's registration answers (decision 117).
        return { email: user.email };
      });
      return created;
    },

    /**
     * The invited official declines: whoever named them is told; a researcher's institution waits
     * for them to name another.
     */
    async declineInvitation(token: string): Promise<{ status: 'declined' }> {
      await db.transaction(async (tx) => {
        const { invitation, institutionName } = await findPendingInvitation(tx, token, true);
        await officials.setInvitationStatus(tx, invitation.id, 'declined');
        const inviter = invitation.invitedById ? await officials.findUser(tx, invitation.invitedById) : null;
        // A researcher of the institution names another official (status 6, decision 009); an
        // institution the foundation added keeps its status until an administrator names one.
        const byResearcher = !inviter || (await repo.isMember(tx, invitation.institutionId, inviter.id));
        if (byResearcher) {
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
        }
        if (inviter) {
          const officialName = `${invitation.firstName} ${invitation.lastName}`;
          const nextStep = byResearcher
            ? { path: '/revise-institution-officer', label: 'Name a new signing official' }
            : {
                path: `/institution/${invitation.institutionId}`,
                label: 'Open the institution',
              };
          await notifyUsers(tx, [
            {
              recipientId: inviter.id,
              message: `${officialName} declined to be the signing official of ${institutionName}.`,
              redirect: nextStep.path,
            },
          ]);
          const email = invitationDeclinedEmail(deps.email, {
            inviterName: `${inviter.firstName} ${inviter.lastName}`.trim(),
            officialName,
            institutionName,
            nextStep,
          });
          await mailer.queue(tx, {
            ...email,
            to: [inviter.email],
            template: 'official-declined',
            userId: inviter.id,
          });
        }
      });
      return { status: 'declined' };
    },
  };
}

export type OfficialsService = ReturnType<typeof createOfficialsService>;
