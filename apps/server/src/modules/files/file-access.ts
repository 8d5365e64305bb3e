import { can, mayAttempt, permissionsFor, type Action, type Actor } from '@rrp/domain';
import type { SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError } from '../../platform/http/errors';
import type { FileTypePolicy } from './file-type-policy';
import { presentFile } from './files.presenter';
import * as repo from './files.repo';

/** Who may read and act on which file: the registered types' policies, asked one file or as SQL. */
export function createFileAccess(db: Db) {
  const policies = new Map<string, FileTypePolicy>();

  /** Loads a file the actor may act on; files of unregistered types are only their creator's. */
  async function load(tx: DbOrTx, actor: Actor, id: number, action: Action, lock = false) {
    const file = await repo.findFile(tx, id, lock);
    if (!file) throw new NotFoundError();
    const policy = policies.get(file.type);
    if (!policy) {
      if (file.creatorId !== actor.userId) throw new NotFoundError();
      return { file, policy, subject: null, permissions: ['read'] };
    }
    const subject = await policy.subjectOf(tx, file, actor);
    authorize(actor, action, policy.subject, subject);
    return { file, policy, subject, permissions: permissionsFor(actor, policy.subject, subject) };
  }

  return {
    policies,
    load,

    /**
     * The files the actor may read, as SQL: every file of a type whose subject they may read
     * outright, the policy's condition where their grant is conditional, and their own uploads
     * of types no module has registered.
     */
    visibleTo(actor: Actor): SQL {
      const readable: repo.TypeReadable[] = [];
      for (const [type, policy] of policies) {
        if (can(actor, 'read', policy.subject)) readable.push({ type, which: 'every' });
        else if (policy.readableWhere && mayAttempt(actor, 'read', policy.subject)) {
          readable.push({ type, which: policy.readableWhere(actor) });
        } else if (mayAttempt(actor, 'read', policy.subject)) {
          readable.push({ type, which: 'own' });
        }
      }
      return repo.readableFilesWhere(actor.userId, [...policies.keys()], readable);
    },

    /** The actions a list row carries: those the actor holds on every file of its type (decision 027). */
    listPermissions(actor: Actor, type: string): string[] {
      const policy = policies.get(type);
      const permissions = policy ? ['read', ...permissionsFor(actor, policy.subject, {})] : ['read'];
      return [...new Set(permissions)];
    },

    async present(actor: Actor, file: repo.FileRow) {
      const policy = policies.get(file.type);
      if (!policy) return presentFile(file, ['read']);
      const subject = await policy.subjectOf(db, file, actor);
      return presentFile(file, permissionsFor(actor, policy.subject, subject));
    },
  };
}

export type FileAccess = ReturnType<typeof createFileAccess>;
