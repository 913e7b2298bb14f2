import * as answers from '@domain/incentives/answers';
import { PAYOUT_PAGE_SIZE } from '@domain/incentives/constants';
import {
  COUNTING_RUNS_QUERY,
  MILESTONE_PROGRESS_QUERY,
  MILESTONES_QUERY,
  PAYOUT_SELECTION_QUERY,
  PAYOUTS_QUERY,
  PERIODS_QUERY,
} from '@domain/incentives/queries';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type accounts,
  changeEvents,
  enrollerPayouts,
  featureFlags,
  incentivePeriods,
  milestones,
  productCredit,
  productCreditLedger,
} from '../../db/schema';
import { processJobs } from '../../platform/jobs';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { countPeriod } from './counting';

// The incentives service end to end (spec 3 §7): milestone values, counting, payouts, paying.

const PERIOD = { startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-31T23:59:59.999Z' };
const ARGS = `startDate: "${PERIOD.startDate}", endDate: "${PERIOD.endDate}"`;
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

const pv = (typeId: number, name: string, value: number, id = typeId) => ({ id, typeId, name, value });
const MILESTONES = [
  {
    name: 'milestone1',
    req: [pv(1, 'Personal volume (PV)', 300), pv(2, 'Days from enrollment', 30)],
    enroller: [pv(1, 'Product credit', 25, 1)],
  },
  {
    name: 'milestone2',
    req: [pv(1, 'Personal volume (PV)', 600), pv(2, 'Days from enrollment', 60)],
    enroller: [pv(2, 'Cash bonus', 50, 1)],
  },
  {
    name: 'milestone3',
    req: [
      pv(1, 'Personal volume (PV)', 1200),
      pv(2, 'Days from enrollment', 90),
      pv(3, 'Personally enrolled consultants', 2),
    ],
    enroller: [pv(2, 'Cash bonus', 100, 1)],
  },
];

describe('incentives service (POST /api/startCounting/query)', () => {
  let t: TestApp;
  let leader: SignedIn;
  let enroller: typeof accounts.$inferSelect;
  let p1: typeof accounts.$inferSelect;
  let p2: typeof accounts.$inferSelect;
  let p3: typeof accounts.$inferSelect;

  const gql = (who: SignedIn, query: string, variables?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/startCounting/query',
      payload: { query, ...(variables ? { variables } : {}) },
      headers: who.headers,
    });
  const data = async (query: string, variables?: Record<string, unknown>) => {
    const res = await gql(leader, query, variables);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const firstError = async (query: string, variables?: Record<string, unknown>) => {
    const res = await gql(leader, query, variables);
    return res.json().errors?.[0]?.message as string | undefined;
  };
  const payoutRows = () =>
    t.database.db
      .select()
      .from(enrollerPayouts)
      .orderBy(enrollerPayouts.participantAccountId, enrollerPayouts.milestoneName);
  const rowOf = async (participant: number, milestone: string) =>
    (await payoutRows()).find(
      (r) => r.participantAccountId === participant && r.milestoneName === milestone,
    )!;

  beforeAll(async () => {
    t = await createTestApp();
    leader = await t.signIn('leader');
    const db = t.database.db;
    await db.insert(milestones).values(
      MILESTONES.map((m) => ({
        name: m.name,
        countingKeyUs: `${m.name}-us`,
        countingKeyCa: `${m.name}-ca`,
        participantRequirements: m.req,
        participantRewards: [pv(1, 'Product credit', 50, 1)],
        enrollerRewards: m.enroller,
      })),
    );
    await db.insert(incentivePeriods).values([
      { periodId: 202601, startDate: new Date(PERIOD.startDate), endDate: new Date(PERIOD.endDate) },
      {
        periodId: 202602,
        startDate: new Date('2026-02-01T00:00:00Z'),
        endDate: new Date('2026-02-28T23:59:59.999Z'),
      },
    ]);
    enroller = await insertAccount(db, {
      userType: 1,
      enrollmentDateUtc: at('2025-03-01'),
      firstName: 'Erin',
      lastName: 'Enroller',
    });
    const consultant = (enrolled: string, countryId = 1, overrides = {}) =>
      insertAccount(db, {
        userType: 1,
        countryId,
        enrollerId: enroller.phoenixId,
        enrollmentDateUtc: at(enrolled),
        ...overrides,
      });
    p1 = await consultant('2026-01-05', 1, { firstName: 'Pat', lastName: 'Progress' });
    p2 = await consultant('2026-01-10');
    p3 = await consultant('2026-01-15', 2);
    // Not participants: enrolled by the company, a client, and a consultant of another period.
    await consultant('2026-01-20', 1, { enrollerId: 1 });
    await consultant('2026-01-21', 1, { userType: 3 });
    await consultant('2026-02-03');
    const order = (uid: string, day: string, points: number, extra = {}) =>
      insertOrder(db, uid, { customerUserType: 1, dateCreatedUtc: at(day), pv: points, ...extra });
    // P1: 350 PV in 30 days, 750 in 60; a cancelled order and a return do not count.
    await order(p1.uid, '2026-01-10', 200);
    await order(p1.uid, '2026-01-20', 150);
    await order(p1.uid, '2026-01-25', 1000, { state: 7 });
    await order(p1.uid, '2026-01-26', 1000, { orderType: 8 });
    await order(p1.uid, '2026-02-20', 400);
    // P2: 100 PV. P3 (Canada): 500 PV in its first days; its order before enrollment does not count.
    await order(p2.uid, '2026-01-12', 100);
    await order(p3.uid, '2026-01-14', 900, { countryId: 2 });
    await order(p3.uid, '2026-01-16', 500, { countryId: 2 });
  });
  afterAll(() => t.close());

  it('refuses agents, fraud agents and sales operator managers on both calls', async () => {
    for (const role of ['agent', 'fraudAgent', 'salesOperatorManager'] as const) {
      const who = await t.signIn(role);
      const res = await gql(who, '{ periods { periodId } }');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_PERMISSIONS');
      const csv = await t.app.inject({
        method: 'POST',
        url: '/api/startCounting/export',
        payload: { query: `{ enrollerPayouts(${ARGS}) { payouts { rewardPayoutId } } }` },
        headers: who.headers,
      });
      expect(csv.statusCode).toBe(403);
    }
  });

  it('refuses a leader while the incentives flag is off', async () => {
    await t.database.db
      .update(featureFlags)
      .set({ enabled: false })
      .where(eq(featureFlags.name, 'incentives'));
    try {
      const res = await gql(leader, '{ periods { periodId } }');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Incentives are turned off.');
    } finally {
      await t.database.db
        .update(featureFlags)
        .set({ enabled: true })
        .where(eq(featureFlags.name, 'incentives'));
    }
    const developer = await t.signIn('developer');
    expect((await gql(developer, '{ periods { periodId } }')).statusCode).toBe(200);
  });

  it('answers periods and milestoneValues', async () => {
    const d = await data(
      '{ periods { periodId startDate endDate } milestoneValues { name countingKeyUs countingKeyCa participantRequirements { typeId value } enrollerRewards { typeId value } } }',
    );
    expect(d.periods).toEqual([
      { periodId: 202601, ...PERIOD },
      { periodId: 202602, startDate: '2026-02-01T00:00:00.000Z', endDate: '2026-02-28T23:59:59.999Z' },
    ]);
    expect(d.milestoneValues.map((m: { name: string }) => m.name)).toEqual([
      'milestone1',
      'milestone2',
      'milestone3',
    ]);
    expect(d.milestoneValues[0]).toMatchObject({
      countingKeyUs: 'milestone1-us',
      countingKeyCa: 'milestone1-ca',
    });
  });

  it('counts a period per market into payout rows matching hand-computed progress', async () => {
    const d = await data(`mutation { startCounting(${ARGS}) }`);
    expect(d.startCounting).toHaveLength(2);
    while ((await processJobs(t.database.db, t.app.jobHandlers, t.app.log)) > 0) {}
    const runs = await data(`{ countingRuns(${ARGS}) { countryId status rows } }`);
    expect(runs.countingRuns).toEqual(
      expect.arrayContaining([
        { countryId: 1, status: 'succeeded', rows: 6 },
        { countryId: 2, status: 'succeeded', rows: 3 },
      ]),
    );
    const found = (await payoutRows()).map((r) => [
      r.participantAccountId,
      r.milestoneName,
      r.countingKey,
      r.enrollerAccountId,
      r.personalVolume,
      r.finished,
      r.succeeded,
      r.amountCents,
      r.creditCents,
    ]);
    expect(found).toEqual([
      [p1.phoenixId, 'milestone1', 'milestone1-us', enroller.phoenixId, 350, true, true, 2500, 2500],
      [p1.phoenixId, 'milestone2', 'milestone2-us', enroller.phoenixId, 750, true, true, 5000, 0],
      [p1.phoenixId, 'milestone3', 'milestone3-us', enroller.phoenixId, 750, true, false, 10000, 0],
      [p2.phoenixId, 'milestone1', 'milestone1-us', enroller.phoenixId, 100, true, false, 2500, 2500],
      [p2.phoenixId, 'milestone2', 'milestone2-us', enroller.phoenixId, 100, true, false, 5000, 0],
      [p2.phoenixId, 'milestone3', 'milestone3-us', enroller.phoenixId, 100, true, false, 10000, 0],
      [p3.phoenixId, 'milestone1', 'milestone1-ca', enroller.phoenixId, 500, true, true, 2500, 2500],
      [p3.phoenixId, 'milestone2', 'milestone2-ca', enroller.phoenixId, 500, true, false, 5000, 0],
      [p3.phoenixId, 'milestone3', 'milestone3-ca', enroller.phoenixId, 500, true, false, 10000, 0],
    ]);
  });

  it('gives the same rows when a period is counted again', async () => {
    const strip = (list: Awaited<ReturnType<typeof payoutRows>>) =>
      list.map(({ countedAt: _c, ...rest }) => rest);
    const before = strip(await payoutRows());
    await data(`mutation { startCounting(${ARGS}) }`);
    while ((await processJobs(t.database.db, t.app.jobHandlers, t.app.log)) > 0) {}
    expect(strip(await payoutRows())).toEqual(before);
  });

  it('leaves a window that has not closed unfinished, and a milestone after a missed one unreached', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await countPeriod(tx, { periodId: 202601, countryId: 1, asOf: '2026-02-10T00:00:00.000Z' });
        const rows = await tx.select().from(enrollerPayouts).where(eq(enrollerPayouts.countryId, 1));
        const p1m1 = rows.find(
          (r) => r.participantAccountId === p1.phoenixId && r.milestoneName === 'milestone1',
        )!;
        const p1m2 = rows.find(
          (r) => r.participantAccountId === p1.phoenixId && r.milestoneName === 'milestone2',
        )!;
        // 30 days from 5 January have passed by 10 February; 60 have not, and only 350 PV so far.
        expect([p1m1.finished, p1m1.succeeded, p1m2.finished, p1m2.succeeded, p1m2.personalVolume]).toEqual([
          true,
          true,
          false,
          false,
          350,
        ]);
        tx.rollback();
      })
      .catch((err) => {
        if (!String(err).includes('Rollback')) throw err;
      });
  });

  it('lists payouts a page at a time with search and the paid and unpaid totals', async () => {
    const q = `query ($n: Int, $s: String) { enrollerPayouts(${ARGS}, pagination: true, pageSize: 4, pageNumber: $n, textSearch: $s) {
      pageNumber pageSize totalCount totalPaidAccounts totalUnpaidAccounts
      payouts { rewardPayoutId participantAccountId participant { uid fullName } enroller { uid fullName } milestoneName succeeded paid } } }`;
    const first = (await data(q, { n: 1 })).enrollerPayouts;
    expect(first).toMatchObject({
      pageNumber: 1,
      pageSize: 4,
      totalCount: 9,
      totalPaidAccounts: 0,
      totalUnpaidAccounts: 3,
    });
    expect(first.payouts).toHaveLength(4);
    expect(first.payouts[0].participant).toEqual({ uid: p1.uid, fullName: 'Pat Progress' });
    expect(first.payouts[0].enroller).toEqual({ uid: enroller.uid, fullName: 'Erin Enroller' });
    const third = (await data(q, { n: 3 })).enrollerPayouts;
    expect(third.payouts).toHaveLength(1);
    const byName = (await data(q, { n: 1, s: 'pat prog' })).enrollerPayouts;
    expect(byName.totalCount).toBe(3);
    const byNumber = (await data(q, { n: 1, s: String(p3.phoenixId) })).enrollerPayouts;
    expect(byNumber.payouts.map((p: { milestoneName: string }) => p.milestoneName)).toEqual([
      'milestone1',
      'milestone2',
      'milestone3',
    ]);
  });

  it('answers each query of the screens in the shape the screens read (ADR 043: the browser checks it in development only)', async () => {
    const variables = { ...PERIOD, textSearch: null };
    const cases: [
      string,
      string,
      Record<string, unknown> | undefined,
      { safeParse: (v: unknown) => { success: boolean } },
    ][] = [
      ['milestoneValues', MILESTONES_QUERY, undefined, answers.MilestonesAnswer],
      ['periods', PERIODS_QUERY, undefined, answers.PeriodsAnswer],
      [
        'enrollerPayouts',
        PAYOUTS_QUERY,
        { ...variables, pagination: true, pageSize: PAYOUT_PAGE_SIZE, pageNumber: 1 },
        answers.PayoutPageAnswer,
      ],
      [
        'enrollerPayoutsSelection',
        PAYOUT_SELECTION_QUERY,
        { ...variables, excludes: [], selection: null },
        answers.PayoutSummaryAnswer,
      ],
      ['countingRuns', COUNTING_RUNS_QUERY, PERIOD, answers.CountingRunsAnswer],
      [
        'milestoneProgress',
        MILESTONE_PROGRESS_QUERY,
        { name: 'milestone1', ...PERIOD },
        answers.MilestoneProgressAnswer,
      ],
    ];
    for (const [field, query, vars, contract] of cases) {
      const value = (await data(query, vars))[field];
      expect(value, field).not.toBeNull();
      const parsed = contract.safeParse(value);
      expect(parsed, `${field}: ${JSON.stringify(parsed)}`).toMatchObject({ success: true });
    }
  });

  it('refuses bad input with errors and writes nothing', async () => {
    expect(
      await firstError(`{ enrollerPayouts(startDate: "2020-01-01", endDate: "2020-01-31") { totalCount } }`),
    ).toBe('No incentive period from 2020-01-01 to 2020-01-31.');
    expect(await firstError(`{ enrollerPayouts(${ARGS}, pageSize: 1000) { totalCount } }`)).toMatch(
      /pageSize/,
    );
    expect(await firstError(`{ enrollerPayouts(startDate: "soon", endDate: "later") { totalCount } }`)).toBe(
      'Must be a valid date: soon',
    );
    const p2m1 = await rowOf(p2.phoenixId, 'milestone1');
    expect(
      await firstError(
        `mutation { enrollerIssuePayouts(${ARGS}, selection: ["${p2m1.rewardPayoutId}"], selectionId: "sel-err-0001") { success } }`,
      ),
    ).toBe(`Payout ${p2m1.rewardPayoutId} cannot be paid: its milestone was not reached.`);
    expect(
      await firstError(
        `mutation { enrollerIssuePayouts(${ARGS}, selection: ["99999999"], selectionId: "sel-err-0002") { success } }`,
      ),
    ).toBe('Payout 99999999 is not in the period.');
    expect(
      await firstError(
        `mutation { enrollerIssuePayouts(${ARGS}, excludes: ["x1"], selectionId: "sel-err-0003") { success } }`,
      ),
    ).toMatch(/not a rewardPayoutId/);
    const bad = await gql(leader, '{ enrollerPayouts { totalCount } }');
    expect(bad.statusCode).toBe(400);
    expect((await payoutRows()).some((r) => r.paid)).toBe(false);
    expect(await t.database.db.select().from(productCreditLedger)).toEqual([]);
  });

  it('updates milestone values with a change event; bad values change nothing', async () => {
    const update = `mutation ($name: String!, $req: [MilestoneItemInput!]!, $rewards: MilestoneRewardsInput!) {
      milestoneValuesUpdate(name: $name, requirements: $req, rewards: $rewards) { success message } }`;
    const rewards = {
      participantRewards: [pv(1, 'Product credit', 60, 1)],
      enrollerRewards: [pv(1, 'Product credit', 30, 1)],
    };
    const negative = await firstError(update, {
      name: 'milestone1',
      req: [pv(1, 'Personal volume (PV)', -5)],
      rewards,
    });
    expect(negative).toBe('requirements.0.value: Please enter a valid number');
    expect(await firstError(update, { name: 'milestone9', req: [pv(1, 'PV', 5)], rewards })).toMatch(
      /^name:/,
    );
    const [unchanged] = await t.database.db
      .select()
      .from(milestones)
      .where(eq(milestones.name, 'milestone1'));
    expect(unchanged!.participantRequirements).toEqual(MILESTONES[0]!.req);

    const d = await data(update, {
      name: 'milestone1',
      req: [pv(1, 'Personal volume (PV)', 300), pv(2, 'Days from enrollment', 30)],
      rewards,
    });
    expect(d.milestoneValuesUpdate.success).toBe(true);
    const [after] = await t.database.db.select().from(milestones).where(eq(milestones.name, 'milestone1'));
    expect(after!.enrollerRewards).toEqual([pv(1, 'Product credit', 30, 1)]);
    expect(after!.updatedBy).toBe(leader.email);
    const events = await t.database.db
      .select()
      .from(changeEvents)
      .where(and(eq(changeEvents.collection, 'incentives-log'), eq(changeEvents.action, 'milestone.update')));
    expect(events).toHaveLength(1);
    // Rows keep the values of their counting run until the next one.
    expect((await rowOf(p1.phoenixId, 'milestone1')).amountCents).toBe(2500);
    await t.database.db.transaction((tx) => countPeriod(tx, { periodId: 202601, countryId: 1 }));
    await t.database.db.transaction((tx) => countPeriod(tx, { periodId: 202601, countryId: 2 }));
    expect((await rowOf(p1.phoenixId, 'milestone1')).amountCents).toBe(3000);
  });

  it("milestone items answer the spec's requirementId / rewardId, and are saved by them", async () => {
    const read = async () =>
      (
        await data(
          '{ milestoneValues { name participantRequirements { requirementId id typeId } participantRewards { rewardId id } enrollerRewards { rewardId id typeId value } } }',
        )
      ).milestoneValues.find((m: { name: string }) => m.name === 'milestone3');
    const before = await read();
    expect(before.participantRequirements).toEqual([
      { requirementId: 1, id: 1, typeId: 1 },
      { requirementId: 2, id: 2, typeId: 2 },
      { requirementId: 3, id: 3, typeId: 3 },
    ]);
    expect(before.enrollerRewards).toEqual([{ rewardId: 1, id: 1, typeId: 2, value: 100 }]);
    // Sent with the spec's names only (no id): saved under those ids.
    const update = `mutation ($name: String!, $req: [MilestoneItemInput!]!, $rewards: MilestoneRewardsInput!) {
      milestoneValuesUpdate(name: $name, requirements: $req, rewards: $rewards) { success message } }`;
    const row = async () =>
      (await t.database.db.select().from(milestones).where(eq(milestones.name, 'milestone3')))[0]!;
    const saved = await row();
    const asReward = ({ id, ...r }: { id: number }) => ({ ...r, rewardId: id });
    const asSpec = {
      name: 'milestone3',
      req: saved.participantRequirements.map(({ id, ...r }) => ({ ...r, requirementId: id })),
      rewards: {
        participantRewards: saved.participantRewards.map(asReward),
        enrollerRewards: saved.enrollerRewards.map(asReward),
      },
    };
    expect((await data(update, asSpec)).milestoneValuesUpdate.success).toBe(true);
    const stored = await row();
    expect(stored.participantRequirements).toEqual(saved.participantRequirements);
    expect(stored.participantRewards).toEqual(saved.participantRewards);
    expect(stored.enrollerRewards).toEqual(MILESTONES[2]!.enroller);
    expect(await read()).toEqual(before);
    // An id and a requirementId that disagree, or no id at all: refused, nothing changed.
    const [first, ...rest] = asSpec.req;
    expect(await firstError(update, { ...asSpec, req: [{ ...first, id: 7 }, ...rest] })).toBe(
      'requirements.0.requirementId: requirementId and id name different requirements',
    );
    const { rewardId: _dropped, ...noId } = asSpec.rewards.enrollerRewards[0]!;
    expect(
      await firstError(update, { ...asSpec, rewards: { ...asSpec.rewards, enrollerRewards: [noId] } }),
    ).toBe('rewards.enrollerRewards.0.id: Each reward needs an id');
    expect(await read()).toEqual(before);
  });

  it('pays a select-all-but-one selection once, issuing product credit in the ledger', async () => {
    const excluded = await rowOf(p3.phoenixId, 'milestone1');
    const summary = await data(
      `{ enrollerPayoutsSelection(${ARGS}, excludes: ["${excluded.rewardPayoutId}"]) { count totalCents } }`,
    );
    expect(summary.enrollerPayoutsSelection).toEqual({ count: 2, totalCents: 8000 });
    const pay = `mutation { enrollerIssuePayouts(${ARGS}, excludes: ["${excluded.rewardPayoutId}"], selectionId: "sel-test-0001") {
      success paidCount totalCents creditEntries alreadyPaid } }`;
    expect((await data(pay)).enrollerIssuePayouts).toEqual({
      success: true,
      paidCount: 2,
      totalCents: 8000,
      creditEntries: 1,
      alreadyPaid: false,
    });
    // The same selection again: answered, not paid again.
    expect((await data(pay)).enrollerIssuePayouts).toMatchObject({ paidCount: 2, alreadyPaid: true });
    // Under another selectionId the rows themselves are already paid.
    const again = await data(
      `mutation { enrollerIssuePayouts(${ARGS}, excludes: ["${excluded.rewardPayoutId}"], selectionId: "sel-test-0002") { paidCount } }`,
    );
    expect(again.enrollerIssuePayouts.paidCount).toBe(0);
    // The same selectionId for another selection is refused; none at all too (ADR 021).
    const reused = await gql(
      leader,
      `mutation { enrollerIssuePayouts(${ARGS}, selectionId: "sel-test-0001") { paidCount } }`,
    );
    expect(reused.json().errors[0]).toMatchObject({
      message: 'This selectionId was already used to pay a different selection.',
      extensions: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    expect(await firstError(`mutation { enrollerIssuePayouts(${ARGS}) { paidCount } }`)).toMatch(
      /^selectionId is required/,
    );

    const paid = (await payoutRows()).filter((r) => r.paid);
    expect(paid.map((r) => [r.participantAccountId, r.milestoneName])).toEqual([
      [p1.phoenixId, 'milestone1'],
      [p1.phoenixId, 'milestone2'],
    ]);
    expect(paid.every((r) => r.paidDate && r.paidBy === leader.email)).toBe(true);
    const ledger = await t.database.db
      .select()
      .from(productCreditLedger)
      .where(eq(productCreditLedger.accountUid, enroller.uid));
    expect(ledger.map((e) => [e.country, e.amountCents, e.reasonId])).toEqual([['us', 3000, 14]]);
    expect(paid[0]!.creditLedgerId).toBe(ledger[0]!.id);
    const [balance] = await t.database.db
      .select()
      .from(productCredit)
      .where(and(eq(productCredit.accountUid, enroller.uid), eq(productCredit.country, 'us')));
    expect(balance!.balanceCents).toBe(3000);

    const totals = await data(`{ enrollerPayouts(${ARGS}) { totalPaidAccounts totalUnpaidAccounts } }`);
    expect(totals.enrollerPayouts).toEqual({ totalPaidAccounts: 2, totalUnpaidAccounts: 1 });

    // Paid rows keep their values through a later counting run.
    await t.database.db.transaction((tx) => countPeriod(tx, { periodId: 202601, countryId: 1 }));
    expect((await rowOf(p1.phoenixId, 'milestone1')).paid).toBe(true);
  });

  it('pays an explicit selection in the Canadian balance, and two concurrent payers pay once', async () => {
    const row = await rowOf(p3.phoenixId, 'milestone1');
    const pay = (selectionId: string) =>
      `mutation { enrollerIssuePayouts(${ARGS}, selection: ["${row.rewardPayoutId}"], selectionId: "${selectionId}") { paidCount creditEntries } }`;
    const [a, b] = await Promise.all([gql(leader, pay('sel-ca-00001')), gql(leader, pay('sel-ca-00002'))]);
    const counts = [a, b].map((r) => r.json().data.enrollerIssuePayouts.paidCount).sort();
    expect(counts).toEqual([0, 1]);
    const ledger = await t.database.db
      .select()
      .from(productCreditLedger)
      .where(and(eq(productCreditLedger.accountUid, enroller.uid), eq(productCreditLedger.country, 'ca')));
    expect(ledger.map((e) => e.amountCents)).toEqual([3000]);
    const [audit] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(changeEvents)
      .where(eq(changeEvents.action, 'enrollerPayouts.pay'));
    expect(Number(audit!.n)).toBeGreaterThanOrEqual(3);
  });

  it('exports every row of the query as CSV', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/startCounting/export',
      payload: {
        query: `{ enrollerPayouts(${ARGS}, pageSize: 2) { payouts { rewardPayoutId participantAccountId participant { fullName } milestoneName paid } } }`,
      },
      headers: leader.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.replace(/\r\n$/, '').split('\r\n');
    expect(lines[0]).toBe('\uFEFFReward payout,Participant account,Participant,Milestone,Paid');
    expect(lines).toHaveLength(10);
    expect(lines[1]).toContain('Pat Progress,milestone1,yes');

    // An enroller named like a formula comes out as text; money as a decimal amount.
    const evil = '=HYPERLINK("http://evil.example","Click")';
    await t.database.db.execute(sql`update accounts set first_name = ${evil} where uid = ${enroller.uid}`);
    try {
      const named = await t.app.inject({
        method: 'POST',
        url: '/api/startCounting/export',
        payload: { query: `{ enrollerPayouts(${ARGS}) { payouts { enroller { fullName } amountCents } } }` },
        headers: leader.headers,
      });
      const [head, first] = named.body.split('\r\n');
      expect(head).toBe('\uFEFFEnroller,Amount');
      expect(first).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example"",""Click""\) Enroller",\d+\.\d\d$/);
    } finally {
      await t.database.db.execute(sql`update accounts set first_name = 'Erin' where uid = ${enroller.uid}`);
    }
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/startCounting/export',
      payload: { query: '{ periods { periodId } }' },
      headers: leader.headers,
    });
    expect(wrong.statusCode).toBe(400);
  });
});
