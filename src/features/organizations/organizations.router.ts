// What Better Auth's organization endpoints do not cover: the shelf, an invitation's state, the
// manager's view. Not a member, or another organisation's row: 404, never 403, so ids do not leak.
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { z } from '#/lib/zod';
import { apiError } from '#/server/api-errors.ts';
import { actingIn, recordAuditEvent } from '#/server/audit/record.ts';
import type { Database } from '#/server/db/client.ts';
import { listKey, listPage } from '#/server/db/list.ts';
import { invitation, member, organization, team, teamMember, user } from '#/server/db/schema.ts';
import { contains } from '#/server/db/search.ts';
import { requestSession } from '#/server/request-session.ts';
import { refuseWithoutSecondFactor } from '#/server/organization-scope.ts';
import { deletePicturesOf } from '#/server/storage/pictures.ts';
import { base, inOrganization } from '#/server/rpc.ts';
import {
  idInputSchema,
  invitationViewSchema,
  managerOrganizationDetailSchema,
  managerOrganizationListInputSchema,
  managerOrganizationListSchema,
  myOrganizationsSchema,
  organizationMemberSchema,
  organizationPageSchema,
  slugInputSchema,
  twoFactorRequirementInputSchema,
} from './organizations.schema';
// example:start
import { uniqueViolation } from '#/server/db/errors.ts';
import { book, shelfItem } from '#/server/db/schema.ts';
import { shelfAddInputSchema, shelfItemSchema, shelfSchema } from './organizations.schema';

// The caller's membership in the active organisation, resolved by the one middleware (`inOrganization`,
// src/server/rpc.ts); every shelf query filters by `context.organization.id`.
const onShelf = inOrganization({ from: 'active', key: { shelf: ['read'] } });
// An organisation's key adds to its shelf with the grant (docs/decisions/103-organisation-api-keys.md).
const addingToShelf = inOrganization({ from: 'active', key: { shelf: ['add'] } });

const shelfColumns = {
  id: shelfItem.id,
  note: shelfItem.note,
  createdAt: shelfItem.createdAt,
  bookId: book.id,
  bookTitle: book.title,
  bookAuthor: book.author,
  addedById: user.id,
  addedByName: user.name,
};

type ShelfRow = {
  id: string;
  note: string;
  createdAt: Date;
  bookId: string;
  bookTitle: string;
  bookAuthor: string;
  addedById: string | null;
  addedByName: string | null;
};

const toShelfItem = (r: ShelfRow) => ({
  id: r.id,
  note: r.note,
  createdAt: r.createdAt,
  book: { id: r.bookId, title: r.bookTitle, author: r.bookAuthor },
  addedBy: r.addedById ? { id: r.addedById, name: r.addedByName ?? '' } : null,
});

const shelfRouter = {
  list: onShelf
    .route({ method: 'GET', path: '/shelf', summary: "The active organisation's shelf", tags: ['organizations'] })
    .output(shelfSchema)
    .handler(async ({ context }) => {
      const rows = await context.db
        .select(shelfColumns)
        .from(shelfItem)
        .innerJoin(book, eq(book.id, shelfItem.bookId))
        .leftJoin(user, eq(user.id, shelfItem.addedBy))
        .where(eq(shelfItem.organizationId, context.organization.id))
        .orderBy(desc(shelfItem.createdAt), asc(shelfItem.id))
        .limit(500);
      return { organization: context.organization, role: context.membership?.role ?? null, items: rows.map(toShelfItem) };
    }),

  get: onShelf
    .route({ method: 'GET', path: '/shelf/{id}', summary: 'A book on the active organisation’s shelf', tags: ['organizations'] })
    .input(idInputSchema)
    .output(shelfItemSchema)
    .handler(async ({ input, context }) => {
      const [row] = await context.db
        .select(shelfColumns)
        .from(shelfItem)
        .innerJoin(book, eq(book.id, shelfItem.bookId))
        .leftJoin(user, eq(user.id, shelfItem.addedBy))
        .where(and(eq(shelfItem.id, input.id), eq(shelfItem.organizationId, context.organization.id)));
      if (!row) throw apiError('NOT_FOUND', context.t('organizations:shelf.notFound'));
      return toShelfItem(row);
    }),

  add: addingToShelf
    .route({ method: 'POST', path: '/shelf', successStatus: 201, summary: 'Add a book to the shelf', tags: ['organizations'] })
    .input(shelfAddInputSchema)
    .output(shelfItemSchema)
    .handler(async ({ input, context }) => {
      const [found] = await context.db
        .select({ id: book.id, title: book.title, author: book.author })
        .from(book)
        .where(eq(book.id, input.bookId));
      if (!found) throw apiError('NOT_FOUND', context.t('catalog:book.notFound'), { field: 'bookId' });
      try {
        const row = await context.db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(shelfItem)
            .values({
              id: crypto.randomUUID(),
              organizationId: context.organization.id,
              bookId: found.id,
              note: input.note,
              addedBy: context.user?.id ?? null,
            })
            .returning({ id: shelfItem.id, note: shelfItem.note, createdAt: shelfItem.createdAt });
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'shelf.added',
            target: { type: 'organization', id: context.organization.id, label: context.organization.name },
            details: { shelfItemId: inserted!.id, bookId: found.id, title: found.title },
          });
          return inserted!;
        });
        return { ...row, book: found, addedBy: context.user ? { id: context.user.id, name: context.user.name } : null };
      } catch (error) {
        if (uniqueViolation(error)) throw apiError('CONFLICT', context.t('organizations:shelf.alreadyThere'), { field: 'bookId' });
        throw error;
      }
    }),

  remove: inOrganization({
    from: 'active',
    may: { right: 'removeFromShelf', refused: 'organizations:shelf.removeNotAllowed' },
    key: { shelf: ['remove'] },
  })
    .route({ method: 'DELETE', path: '/shelf/{id}', summary: 'Remove a book from the shelf (owner, admin)', tags: ['organizations'] })
    .input(idInputSchema)
    .output(z.object({ id: z.string() }))
    .handler(async ({ input, context }) => {
      const [row] = await context.db
        .select({ id: shelfItem.id, bookId: book.id, title: book.title })
        .from(shelfItem)
        .innerJoin(book, eq(book.id, shelfItem.bookId))
        .where(and(eq(shelfItem.id, input.id), eq(shelfItem.organizationId, context.organization.id)));
      if (!row) throw apiError('NOT_FOUND', context.t('organizations:shelf.notFound'));
      await context.db.transaction(async (tx) => {
        await tx.delete(shelfItem).where(and(eq(shelfItem.id, row.id), eq(shelfItem.organizationId, context.organization.id)));
        await recordAuditEvent(tx, {
          ...actingIn(context),
          action: 'shelf.removed',
          target: { type: 'organization', id: context.organization.id, label: context.organization.name },
          details: { shelfItemId: row.id, bookId: row.bookId, title: row.title },
        });
      });
      return { id: row.id };
    }),
};
// example:end

const invitationsRouter = {
  /** Only the recipient learns which organisation it is from; anyone else, only that it is not theirs. */
  get: base
    .meta({ permission: 'signed-in' })
    .route({ method: 'GET', path: '/invitations/{id}', summary: 'An invitation’s state for its page', tags: ['organizations'] })
    .input(idInputSchema)
    .output(invitationViewSchema)
    .handler(async ({ input, context }) => {
      const empty = { id: input.id, organizationName: null, organizationSlug: null, role: null, inviterName: null, expiresAt: null };
      const [row] = await context.db
        .select({
          email: invitation.email,
          status: invitation.status,
          role: invitation.role,
          expiresAt: invitation.expiresAt,
          organizationName: organization.name,
          organizationSlug: organization.slug,
          inviterName: user.name,
        })
        .from(invitation)
        .innerJoin(organization, eq(organization.id, invitation.organizationId))
        .leftJoin(user, eq(user.id, invitation.inviterId))
        .where(eq(invitation.id, input.id));
      if (!row) return { ...empty, state: 'not-found' as const };
      if (row.email.toLowerCase() !== context.user!.email.toLowerCase()) return { ...empty, state: 'wrong-recipient' as const };
      const state =
        row.status === 'accepted'
          ? ('accepted' as const)
          : row.status === 'rejected'
            ? ('rejected' as const)
            : row.status === 'canceled'
              ? ('canceled' as const)
              : row.expiresAt.getTime() < Date.now()
                ? ('expired' as const)
                : ('pending' as const);
      return {
        id: input.id,
        state,
        organizationName: row.organizationName,
        organizationSlug: row.organizationSlug,
        role: row.role,
        inviterName: row.inviterName,
        expiresAt: row.expiresAt,
      };
    }),
};

// Written out: inside a raw fragment drizzle names columns without their table, and "id" would be the member's.
const memberCount = sql<number>`(select count(*)::int from "member" m where m."organization_id" = "organization"."id")`;
/** Someone's organisations, for the switcher on every signed-in page. */
const organizationsOf = (db: Database, userId: string) =>
  db
    .select({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      logo: organization.logo,
      role: member.role,
      memberCount,
      requireTwoFactor: organization.requireTwoFactor,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.userId, userId))
    .orderBy(asc(organization.name), asc(organization.id));
/** An organisation's members with their names and e-mails, oldest first (the manager's page and a member's). */
const membersOf = (db: Database, organizationId: string) =>
  db
    .select({
      id: member.id,
      userId: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      role: member.role,
      createdAt: member.createdAt,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, organizationId))
    .orderBy(asc(member.createdAt), asc(member.id));

const managerColumns = {
  id: organization.id,
  name: organization.name,
  slug: organization.slug,
  logo: organization.logo,
  createdAt: organization.createdAt,
  memberCount,
};

const managerRouter = {
  list: base
    .meta({ permission: { organization: ['list'] }, replica: true })
    .route({ method: 'GET', path: '/manager/organizations', summary: 'Every organisation (manager)', tags: ['organizations'] })
    .input(managerOrganizationListInputSchema)
    .output(managerOrganizationListSchema)
    .handler(async ({ input, context: { db, t } }) => {
      const sort = input.sort === 'name' ? organization.name : organization.createdAt;
      const order = input.order ?? (input.sort === 'name' ? 'asc' : 'desc');
      const term = input.searchTerm;
      const where = term ? or(contains(organization.name, term), contains(organization.slug, term)) : undefined;
      const query = db
        .select({ ...managerColumns, key: listKey(sort) })
        .from(organization)
        .$dynamic();
      const page = await listPage(db, query, { where, sort, id: organization.id, order, cursor: input.cursor, limit: input.limit, t });
      return { ...page, items: page.items.map(({ key: _key, ...row }) => row) };
    }),

  get: base
    .meta({ permission: { organization: ['list'] } })
    .route({
      method: 'GET',
      path: '/manager/organizations/{id}',
      summary: 'An organisation, its members and invitations (manager)',
      tags: ['organizations'],
    })
    .input(idInputSchema)
    .output(managerOrganizationDetailSchema)
    .handler(async ({ input, context }) => {
      const [org] = await context.db.select(managerColumns).from(organization).where(eq(organization.id, input.id));
      if (!org) throw apiError('NOT_FOUND', context.t('organizations:errors.organizationNotFound'));
      const [members, invitations] = await Promise.all([
        membersOf(context.db, org.id),
        context.db
          .select({
            id: invitation.id,
            email: invitation.email,
            role: invitation.role,
            status: invitation.status,
            expiresAt: invitation.expiresAt,
          })
          .from(invitation)
          .where(eq(invitation.organizationId, org.id))
          .orderBy(desc(invitation.createdAt)),
      ]);
      return { ...org, members, invitations };
    }),

  delete: base
    .meta({ permission: { organization: ['delete'] } })
    .route({ method: 'DELETE', path: '/manager/organizations/{id}', summary: 'Delete an organisation (manager)', tags: ['organizations'] })
    .input(idInputSchema)
    .output(z.object({ id: z.string() }))
    .handler(async ({ input, context }) => {
      // Members, teams, invitations and the shelf go with it (foreign keys).
      const row = await context.db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(organization)
          .where(eq(organization.id, input.id))
          .returning({ id: organization.id, name: organization.name, slug: organization.slug });
        if (deleted) {
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'organization.deleted',
            target: { type: 'organization', id: deleted.id, label: deleted.name },
            details: { slug: deleted.slug },
          });
        }
        return deleted;
      });
      if (!row) throw apiError('NOT_FOUND', context.t('organizations:errors.organizationNotFound'));
      await deletePicturesOf('organizations', row.id);
      return { id: row.id };
    }),
};

/** The session's active organisation id (a column Better Auth's organization plugin adds). */
async function activeOrganizationOf(request: Request) {
  const session = await requestSession(request);
  return (session?.session as { activeOrganizationId?: string | null } | undefined)?.activeOrganizationId ?? null;
}

export const organizationsRouter = {
  mine: base
    .meta({ permission: 'signed-in' })
    .route({ method: 'GET', path: '/organizations', summary: 'My organisations, and the active one', tags: ['organizations'] })
    .output(myOrganizationsSchema)
    .handler(async ({ context }) => {
      const rows = await organizationsOf(context.db, context.user!.id);
      const active = await activeOrganizationOf(context.request);
      return {
        activeOrganizationId: rows.some((r) => r.id === active) ? active : null,
        organizations: rows.map(({ requireTwoFactor, twoFactorEnabled, ...row }) => ({
          ...row,
          secondFactorNeeded: requireTwoFactor && !twoFactorEnabled && !context.impersonatorId,
        })),
      };
    }),

  /** An organisation's page by slug: 404 for anyone who is not a member (whether it exists or not). */
  get: base
    .meta({ permission: 'signed-in' })
    .route({ method: 'GET', path: '/organizations/{slug}', summary: 'An organisation I belong to', tags: ['organizations'] })
    .input(slugInputSchema)
    .output(organizationPageSchema)
    .handler(async ({ input, context }) => {
      const [org] = await context.db
        .select({
          id: organization.id,
          name: organization.name,
          slug: organization.slug,
          logo: organization.logo,
          createdAt: organization.createdAt,
          requireTwoFactor: organization.requireTwoFactor,
          memberId: member.id,
          role: member.role,
          twoFactorEnabled: user.twoFactorEnabled,
        })
        .from(organization)
        .innerJoin(member, and(eq(member.organizationId, organization.id), eq(member.userId, context.user!.id)))
        .innerJoin(user, eq(user.id, member.userId))
        .where(eq(organization.slug, input.slug));
      if (!org) throw apiError('NOT_FOUND', context.t('organizations:errors.organizationNotFound'));
      if (!context.impersonatorId) refuseWithoutSecondFactor(org, context.t);
      const [members, teams, teamMembers, invitations, active] = await Promise.all([
        membersOf(context.db, org.id),
        context.db
          .select({ id: team.id, name: team.name })
          .from(team)
          .where(eq(team.organizationId, org.id))
          .orderBy(asc(team.name), asc(team.id)),
        context.db
          .select({ teamId: teamMember.teamId, userId: teamMember.userId })
          .from(teamMember)
          .innerJoin(team, eq(team.id, teamMember.teamId))
          .where(eq(team.organizationId, org.id)),
        context.db
          .select({
            id: invitation.id,
            email: invitation.email,
            role: invitation.role,
            expiresAt: invitation.expiresAt,
            createdAt: invitation.createdAt,
          })
          .from(invitation)
          .where(and(eq(invitation.organizationId, org.id), eq(invitation.status, 'pending')))
          .orderBy(desc(invitation.createdAt)),
        activeOrganizationOf(context.request),
      ]);
      return {
        id: org.id,
        name: org.name,
        slug: org.slug,
        logo: org.logo,
        createdAt: org.createdAt,
        requireTwoFactor: org.requireTwoFactor,
        active: active === org.id,
        membership: { id: org.memberId, role: org.role },
        members,
        teams: teams.map((t) => ({ ...t, memberUserIds: teamMembers.filter((m) => m.teamId === t.id).map((m) => m.userId) })),
        // Every member sees pending invitations; only owners and admins act on them.
        invitations,
      };
    }),

  /**
   * Its members, oldest first: for any member, and for the organisation's own API key granted `member: read`
   * (an agent that greets newcomers, a directory sync; decision 103).
   */
  members: inOrganization({ from: 'slug', key: { member: ['read'] } })
    .route({ method: 'GET', path: '/organizations/{slug}/members', summary: "An organisation's members", tags: ['organizations'] })
    .input(slugInputSchema)
    .output(z.array(organizationMemberSchema))
    .handler(({ context }) => membersOf(context.db, context.organization.id)),

  /** Its owners require a second factor of every member (issue #57); an owner must have one first. */
  setTwoFactorRequirement: inOrganization({
    from: 'slug',
    may: { right: 'requireTwoFactor', refused: 'organizations:errors.requireTwoFactorNotAllowed' },
  })
    // Turning it off is a sensitive action (src/server/recent-sign-in.ts).
    .meta({ recentSignIn: true })
    .route({
      method: 'PUT',
      path: '/organizations/{slug}/two-factor-requirement',
      summary: 'Require a second factor of the members (owner)',
      tags: ['organizations'],
    })
    .input(twoFactorRequirementInputSchema)
    .output(z.object({ requireTwoFactor: z.boolean() }))
    .handler(async ({ input, context }) => {
      if (input.required) {
        const [me] = await context.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, context.user!.id));
        if (!me?.on) throw apiError('OWN_TWO_FACTOR_REQUIRED', context.t('api:OWN_TWO_FACTOR_REQUIRED'));
      }
      await context.db.transaction(async (tx) => {
        await tx.update(organization).set({ requireTwoFactor: input.required }).where(eq(organization.id, context.organization.id));
        await recordAuditEvent(tx, {
          ...actingIn(context),
          action: 'organization.updated',
          target: { type: 'organization', id: context.organization.id, label: context.organization.name },
          details: { requireTwoFactor: input.required },
        });
      });
      return { requireTwoFactor: input.required };
    }),

  // example:start
  shelf: shelfRouter,
  // example:end
  invitations: invitationsRouter,
  manager: managerRouter,
};
