import { ProviderType } from '@assess/contracts/access';
import {
  type AggregatorSummary,
  type Allocation,
  AllocationMode,
  type AllocationModeValue,
  type AllocationRow,
  fillLicenceMessage,
  licenceProvisionMessages as m,
  providerMessages,
  type SaveAllocationBody,
  type SubscriberOption,
  type TransactionPartner,
} from '@assess/contracts/providers';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, notFound } from '../../platform/http/errors';
import { administers, isPlatformOwner, type ProviderCaller } from '../providers';
import type { CourseInfo, LicencesRepository } from './licences.repository';

type Repo = Pick<
  LicencesRepository,
  'provider' | 'curatorIds' | 'offeredCourses' | 'held' | 'counts' | 'usage' | 'save'
>;
type Target = NonNullable<Awaited<ReturnType<LicencesRepository['provider']>>>;
type Plan = { target: Target; mode: AllocationModeValue; poolId: number };

/**
 * Licence provisioning (part 3 §2 "Provision Licenses", §5 "Licence allocation"). The platform owner
 * procures licences for an aggregator (its pool, no upper bound); the aggregator provisions them to its
 * subscribers, never beyond what the pool has left. No count goes below what is in use (assigned students,
 * and for a pool what its subscribers hold). Saving locks the pool's rows first, so concurrent saves
 * drawing on one pool are serialised and cannot overdraw it.
 */
export function createLicencesService(deps: {
  repo: Repo & Pick<LicencesRepository, 'subscribers' | 'transactions' | 'summary'>;
  withTransaction: UnitOfWork<{ licences: Repo }>;
  clock: () => Date;
}) {
  const { repo, clock } = deps;

  /** How the caller may allocate to the provider, and whose pool the licences come from. */
  async function plan(r: Repo, caller: ProviderCaller, providerId: number): Promise<Plan> {
    const target = await r.provider(providerId);
    if (!target) throw notFound(providerMessages.notFound);
    if (target.providerId === caller.providerId)
      return { target, mode: AllocationMode.View, poolId: target.providerId };
    if (!administers(caller, target)) throw notFound(providerMessages.notFound);
    if (isPlatformOwner(caller)) {
      const procure = target.providerTypeId === ProviderType.Aggregator;
      return {
        target,
        mode: procure ? AllocationMode.Procure : AllocationMode.View,
        poolId: procure ? target.providerId : (target.parentProviderId ?? target.providerId),
      };
    }
    return { target, mode: AllocationMode.Provision, poolId: caller.providerId };
  }

  /** The grid rows: what the provider holds, plus the series it may get (offered or in the pool). */
  async function rows(r: Repo, p: Plan): Promise<AllocationRow[]> {
    const held = await r.held(p.target.providerId);
    let offered: CourseInfo[] = [];
    if (p.mode === AllocationMode.Procure)
      offered = await r.offeredCourses(await r.curatorIds(p.target.providerId), clock());
    if (p.mode === AllocationMode.Provision)
      offered = (await r.held(p.poolId)).filter((c) => c.studentsCount > 0);
    const byId = new Map<number, CourseInfo & { studentsCount: number }>();
    for (const c of held) byId.set(c.resourceId, c);
    for (const c of offered) if (!byId.has(c.resourceId)) byId.set(c.resourceId, { ...c, studentsCount: 0 });
    const list = [...byId.values()].sort(
      (a, b) =>
        a.contentPartnerName.localeCompare(b.contentPartnerName) || a.courseName.localeCompare(b.courseName),
    );
    const ids = list.map((c) => c.resourceId);
    const ownPool = p.poolId === p.target.providerId;
    // Sequential: inside a transaction the queries share one connection.
    const targetUse = await r.usage(p.target.providerId, ids);
    const poolCounts = ownPool ? null : await r.counts(p.poolId, ids);
    const poolUse = ownPool ? null : await r.usage(p.poolId, ids);
    return list.map((c) => {
      const inUse = targetUse.get(c.resourceId) ?? 0;
      const pool = poolCounts ? (poolCounts.get(c.resourceId) ?? 0) : c.studentsCount;
      const used = poolUse ? (poolUse.get(c.resourceId) ?? 0) : inUse;
      const { studentsCount, ...info } = c;
      return {
        ...info,
        licenseStudentsCount: Math.max(0, pool - used),
        procureStudentsCount: studentsCount,
        assignedStudentsCount: inUse,
      };
    });
  }

  return {
    async allocation(caller: ProviderCaller, providerId: number): Promise<Allocation> {
      const p = await plan(repo, caller, providerId);
      return { providerId, providerName: p.target.name, mode: p.mode, rows: await rows(repo, p) };
    },

    /** Sets the counts of the listed series; any refused row refuses the whole request (nothing written). */
    async save(caller: ProviderCaller, providerId: number, body: SaveAllocationBody) {
      const now = clock();
      return deps.withTransaction(async ({ licences: r }) => {
        const p = await plan(r, caller, providerId);
        if (p.mode === AllocationMode.View) throw badRequest(m.wrongTarget);
        const wanted = [...body.mappings].sort((a, b) => a.resourceId - b.resourceId);
        const ids = wanted.map((w) => w.resourceId);
        // The pool's rows first, in series order: concurrent saves on one pool wait here.
        const poolCounts = await r.counts(p.poolId, ids, true);
        const allowed = new Map((await rows(r, p)).map((row) => [row.resourceId, row]));
        const provisioning = p.mode === AllocationMode.Provision;
        const heldNow = await r.counts(p.target.providerId, ids);
        const targetUse = await r.usage(p.target.providerId, ids);
        const poolUse = provisioning ? await r.usage(p.poolId, ids) : null;
        for (const w of wanted) {
          const row = allowed.get(w.resourceId);
          if (!row) throw notFound(m.seriesNotFound);
          const series = row.courseName;
          const inUse = targetUse.get(w.resourceId) ?? 0;
          if (w.studentsCount < inUse)
            throw badRequest(fillLicenceMessage(m.belowAssigned, { n: inUse, series }));
          if (!provisioning || !poolUse) continue;
          const left = (poolCounts.get(w.resourceId) ?? 0) - (poolUse.get(w.resourceId) ?? 0);
          const adding = w.studentsCount - (heldNow.get(w.resourceId) ?? 0);
          if (adding > left)
            throw badRequest(fillLicenceMessage(m.notEnough, { n: Math.max(0, left), series }));
        }
        await r.save(
          wanted.map((w) => ({
            providerId: p.target.providerId,
            resourceId: w.resourceId,
            studentsCount: w.studentsCount,
            sourceProviderId: provisioning ? p.poolId : null,
          })),
          caller.userId,
          now,
        );
        return { message: m.saved };
      });
    },

    subscribers: (caller: ProviderCaller): Promise<SubscriberOption[]> => repo.subscribers(caller.providerId),

    /** Content partner → test series → subscribers (name, studentCount, createdDate). */
    async transactions(caller: ProviderCaller): Promise<TransactionPartner[]> {
      const partners: TransactionPartner[] = [];
      for (const t of await repo.transactions(caller.providerId)) {
        let partner = partners.at(-1);
        if (partner?.contentPartnerId !== t.contentPartnerId) {
          partner = {
            contentPartnerId: t.contentPartnerId,
            contentPartnerName: t.contentPartnerName,
            courses: [],
          };
          partners.push(partner);
        }
        let course = partner.courses.at(-1);
        if (course?.courseId !== t.resourceId) {
          course = { courseId: t.resourceId, code: t.courseCode, name: t.courseName, subscribers: [] };
          partner.courses.push(course);
        }
        course.subscribers.push({
          providerId: t.providerId,
          name: t.name,
          studentCount: t.studentCount,
          createdDate: t.createdDate.toISOString(),
        });
      }
      return partners;
    },

    summary: (caller: ProviderCaller): Promise<AggregatorSummary> => repo.summary(caller.providerId),
  };
}
export type LicencesService = ReturnType<typeof createLicencesService>;
