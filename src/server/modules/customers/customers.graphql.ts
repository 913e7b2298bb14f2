import { titleName } from '@domain/customers/titles';
import { COMPANY_SPONSOR_ID } from '@domain/reference/constants';
import { USER_TYPE } from '@domain/reference/lists';
import { eq, sql } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import { accounts, socials } from '../../db/schema';
import type { GraphqlModule } from '../../platform/graphql';
import { accountByPhoenixId, accountByUid } from './customers.repo';

// Customer queries of the commerce query service (spec 1 §7, DESIGN §2) on POST /api/query:
//   userAccount(phoenixId): the account's titles (paidAsTitleId, recognitionTitleId and names);
//   attribution(uid, sid): whose personal website (PWS) a customer's purchase is credited to.
// Attribution (spec 2 §6, §3 Social): with `sid`, the id of a popup (social), the sale goes to the
// popup's host while the popup is open, and `timeRemaining` is the seconds left until it closes
// (0 once closed or cancelled). Without `sid`, a non-consultant, non-employee customer whose
// sponsor is not the company (1) is attributed to that sponsor, with no end (`timeRemaining` null);
// anyone else has no attribution (`pws` null).

const typeDefs = /* GraphQL */ `
  type Title {
    id: Int!
    name: String!
  }
  type UserAccountTitles {
    paidAsTitle: Title
    recognitionTitle: Title
  }
  type UserAccount {
    uid: ID!
    phoenixId: ID!
    fullName: String!
    userType: Int!
    paidAsTitleId: Int
    recognitionTitleId: Int
    titles: UserAccountTitles!
  }
  type AttributionPws {
    "The PWS key of the consultant credited."
    pwsId: String
    phoenixId: ID!
    uid: ID!
    fullName: String!
  }
  type Attribution {
    "popup (sid given) or sponsor"
    source: String!
    pws: AttributionPws
    "Seconds left in the attribution window; null when it does not end."
    timeRemaining: Int
  }
  extend type Query {
    "An account's titles by account number (phoenixId)."
    userAccount(phoenixId: ID!): UserAccount
    "Who a customer's purchase is attributed to; sid is a popup (social) id."
    attribution(uid: ID!, sid: ID): Attribution
  }
`;

const bad = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_REQUEST' } });
const DECIMAL_ID = /^[1-9][0-9]{0,14}$/;
const UID = /^[A-Za-z0-9]{1,64}$/;

const title = (id: number | null) => (id == null ? null : { id, name: titleName(id) });

interface PwsRow {
  uid: string;
  phoenix_id: number;
  full_name: string;
  pws_key: string | null;
}
const pwsOf = (r: PwsRow) => ({
  pwsId: r.pws_key,
  phoenixId: String(Number(r.phoenix_id)),
  uid: r.uid,
  fullName: r.full_name,
});
const pwsColumns = {
  uid: accounts.uid,
  phoenix_id: sql<number>`${accounts.phoenixId}::float8`,
  full_name: sql<string>`${accounts.firstName} || ' ' || ${accounts.lastName}`,
  pws_key: accounts.pwsKey,
};

export const customersGraphql: GraphqlModule = {
  typeDefs,
  // One indexed read; attribution up to three (ADR 019).
  costs: { 'Query.userAccount': { cost: 1_000 }, 'Query.attribution': { cost: 2_000 } },
  resolvers: {
    Query: {
      userAccount: async (_root: unknown, args: { phoenixId: string }, { ctx }) => {
        if (!DECIMAL_ID.test(args.phoenixId)) throw bad('phoenixId must be a positive whole number');
        const account = await accountByPhoenixId(ctx.db, Number(args.phoenixId));
        if (!account) return null;
        return {
          uid: account.uid,
          phoenixId: String(Number(account.phoenix_id)),
          fullName: `${account.first_name} ${account.last_name}`,
          userType: account.user_type,
          paidAsTitleId: account.paid_as_title_id,
          recognitionTitleId: account.recognition_title_id,
          titles: {
            paidAsTitle: title(account.paid_as_title_id),
            recognitionTitle: title(account.recognition_title_id),
          },
        };
      },
      attribution: async (_root: unknown, args: { uid: string; sid?: string | null }, { ctx }) => {
        if (!UID.test(args.uid)) throw bad('Not a customer id');
        const sid = args.sid ?? null;
        if (sid !== null && !DECIMAL_ID.test(sid)) throw bad('sid must be a popup id');
        const customer = await accountByUid(ctx.db, args.uid);
        if (!customer) return null;
        if (sid !== null) {
          const [hit] = await ctx.db
            .select({ ...pwsColumns, status: socials.status, closing_date: socials.closingDate })
            .from(socials)
            .innerJoin(accounts, eq(accounts.uid, socials.uid))
            .where(eq(socials.id, Number(sid)));
          if (!hit) throw bad('No popup with that id');
          const closes = hit.closing_date ? new Date(hit.closing_date).getTime() : null;
          const left = closes == null ? null : Math.max(0, Math.floor((closes - Date.now()) / 1000));
          return { source: 'popup', pws: pwsOf(hit), timeRemaining: hit.status === 'open' ? left : 0 };
        }
        const sponsorId = Number(customer.sponsor_id);
        const attributed =
          customer.user_type !== USER_TYPE.consultant &&
          customer.user_type !== USER_TYPE.employee &&
          sponsorId !== COMPANY_SPONSOR_ID;
        if (!attributed) return { source: 'sponsor', pws: null, timeRemaining: null };
        const [sponsor] = await ctx.db
          .select(pwsColumns)
          .from(accounts)
          .where(eq(accounts.phoenixId, sponsorId));
        return { source: 'sponsor', pws: sponsor ? pwsOf(sponsor) : null, timeRemaining: null };
      },
    },
  },
};
