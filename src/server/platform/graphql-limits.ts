import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type GraphQLType,
  getIntrospectionQuery,
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  Lexer,
  type OperationDefinitionNode,
  parse,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  Source,
  TokenKind,
  TypeMetaFieldDef,
  type ValueNode,
} from 'graphql';

// Static limits of a GraphQL request, checked on the document BEFORE it is validated or executed
// (ADR 019): tokens, depth, aliases, selected fields and a cost. Validation itself is quadratic in
// repeated fields and execution of synchronous resolvers (introspection) never yields, so a
// document that is too big must be refused before either sees it.

export interface GraphqlLimits {
  /** Lexical tokens of the whole document (checked before it is parsed). */
  tokens: number;
  /** Nesting of fields, leaves counted (`{ a { b } }` is 2). */
  depth: number;
  /** Aliased fields, counted where their fragments are used. */
  aliases: number;
  /** Selected fields and fragment spreads, counted where their fragments are used. */
  fields: number;
  /**
   * Times one response name may be selected in one selection set, fragments included: graphql-js
   * compares every pair of them when it validates the document, so their cost grows as a square.
   */
  repeats: number;
  /** Estimated work of the fields outside introspection: see `FieldCost`. */
  cost: number;
}

export const GRAPHQL_LIMITS: GraphqlLimits = {
  tokens: 5_000,
  depth: 12,
  aliases: 30,
  fields: 500,
  repeats: 10,
  cost: 25_000,
};

/**
 * Introspection (`__schema`, `__type`) has its own ceiling: what graphql-js's standard
 * introspection query costs on the endpoint's schema, with this much room. One schema walk fits;
 * two do not, however they are written.
 */
const INTROSPECTION_ROOM = 1.1;

/** Arguments of a field as far as a static look can know them (literals and numeric/boolean variables). */
export type StaticArgs = Record<string, unknown>;

/**
 * What a field costs. Each field costs 1 by default and a field below a list counts once per
 * expected item; resolvers that reach the database or price a cart say what they cost.
 */
export interface FieldCost {
  /** Cost of resolving the field once (default 1). */
  cost?: number | ((args: StaticArgs) => number);
  /** For a list: items to expect (default: a `first`, `limit` or `pageSize` argument, else 10). */
  items?: number | ((args: StaticArgs, parentArgs: StaticArgs) => number);
}
/** Costs by schema coordinate, `Type.field`. */
export type FieldCosts = Record<string, FieldCost>;

const DEFAULT_ITEMS = 10;
const ENDLESS = 1e12;
const SIZE_ARGUMENTS = ['first', 'limit', 'pageSize'];

/** Lists of a type's members in the introspection schema; one of them may appear on a path. */
const MEMBER_LISTS = new Set([
  '__Type.fields',
  '__Type.inputFields',
  '__Type.interfaces',
  '__Type.possibleTypes',
  '__Type.enumValues',
]);
const ARGUMENT_LISTS = new Set(['__Field.args', '__Directive.args']);

export class GraphqlLimitError extends GraphQLError {
  constructor(
    message: string,
    readonly limit: keyof GraphqlLimits | 'introspection',
    max?: number,
  ) {
    super(message, { extensions: { code: 'QUERY_TOO_COMPLEX', limit, ...(max == null ? {} : { max }) } });
  }
}

const n = (x: number) => x.toLocaleString('en-US');

function overLimit(limit: keyof GraphqlLimits, max: number, what: string): GraphqlLimitError {
  return new GraphqlLimitError(
    `Query too complex: ${what} (limit: ${limit} ${n(max)}). Split it into smaller requests.`,
    limit,
    max,
  );
}

export const INTROSPECTION_FOR_DEVELOPERS =
  'Introspection (__schema, __type) is for developers; ask one for the schema.';

/** The largest member counts of the schema, to price introspection lists. */
interface SchemaSizes {
  types: number;
  directives: number;
  /** Per `__Type` list: the average over every type (a fraction) and the largest of one type. */
  members: Record<string, { average: number; largest: number }>;
  args: { average: number; largest: number; directive: number };
  /** The most wrappers (list, non-null) around any field's or argument's type: `[X!]!` is 3. */
  wrappers: number;
}

function schemaSizes(schema: GraphQLSchema): SchemaSizes {
  const types = Object.values(schema.getTypeMap());
  const count = (of: (t: GraphQLNamedType) => number) => {
    const counts = types.map(of);
    const total = counts.reduce((a, b) => a + b, 0);
    return { average: total / types.length, largest: Math.max(1, ...counts) };
  };
  const fieldsOf = (t: GraphQLNamedType) =>
    isObjectType(t) || isInterfaceType(t) ? Object.values(t.getFields()) : [];
  const allFields = types.flatMap(fieldsOf);
  const argCounts = allFields.map((f) => f.args.length);
  const directives = schema.getDirectives();
  const wrappersOf = (type: GraphQLType): number =>
    isListType(type) || isNonNullType(type) ? 1 + wrappersOf(type.ofType) : 0;
  const typed = [
    ...allFields,
    ...allFields.flatMap((f) => f.args),
    ...directives.flatMap((d) => d.args),
    ...types.flatMap((t) => (isInputObjectType(t) ? Object.values(t.getFields()) : [])),
  ];
  return {
    wrappers: Math.max(0, ...typed.map((x) => wrappersOf(x.type))),
    types: types.length,
    directives: directives.length,
    members: {
      '__Type.fields': count((t) => fieldsOf(t).length),
      '__Type.inputFields': count((t) => (isInputObjectType(t) ? Object.keys(t.getFields()).length : 0)),
      '__Type.interfaces': count((t) =>
        isObjectType(t) || isInterfaceType(t) ? t.getInterfaces().length : 0,
      ),
      '__Type.possibleTypes': count((t) => (isAbstractType(t) ? schema.getPossibleTypes(t).length : 0)),
      '__Type.enumValues': count((t) => (isEnumType(t) ? t.getValues().length : 0)),
    },
    args: {
      average: argCounts.reduce((a, b) => a + b, 0) / Math.max(1, allFields.length),
      largest: Math.max(1, ...argCounts),
      directive: Math.max(1, ...directives.map((d) => d.args.length)),
    },
  };
}

/** Counts tokens and brace nesting without recursion, so that no document can exhaust the stack. */
function checkTokens(source: Source, limits: GraphqlLimits): void {
  const lexer = new Lexer(source);
  let tokens = 0;
  let nesting = 0;
  // Selection sets, object and list values open a brace or a bracket, and the parser recurses into
  // each; twice the deepest allowed query is plenty.
  const maxNesting = 2 * INTROSPECTION_DEPTH + 8;
  for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
    if (++tokens > limits.tokens)
      throw overLimit('tokens', limits.tokens, `more than ${n(limits.tokens)} tokens`);
    if ((token.kind === TokenKind.BRACE_L || token.kind === TokenKind.BRACKET_L) && ++nesting > maxNesting)
      throw overLimit('depth', limits.depth, `braces or brackets nested more than ${maxNesting} deep`);
    if (token.kind === TokenKind.BRACE_R || token.kind === TokenKind.BRACKET_R) nesting--;
  }
}

function argumentValue(node: ValueNode, variables: Record<string, unknown>): unknown {
  switch (node.kind) {
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.BOOLEAN:
      return node.value;
    case Kind.NULL:
      return null;
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    case Kind.VARIABLE:
      return variables[node.name.value];
    default:
      return undefined;
  }
}

export interface DocumentFigures {
  depth: number;
  aliases: number;
  fields: number;
  cost: number;
  /** Cost of the introspection fields (0 without introspection). */
  introspectionCost: number;
}

interface Walk {
  schema: GraphQLSchema;
  sizes: SchemaSizes;
  costs: FieldCosts;
  limits: GraphqlLimits;
  mayIntrospect: boolean;
  /** The introspection ceiling (Infinity while measuring the standard query itself). */
  introspectionCost: number;
  variables: Record<string, unknown>;
  fragments: Map<string, FragmentDefinitionNode>;
  visiting: Set<string>;
  figures: DocumentFigures;
}

/** Where a selection set sits inside an introspection field, if it does. */
interface Introspection {
  /** A list of a type's members is already on the path. */
  listed: boolean;
  /** A list of arguments is already on the path. */
  argsListed: boolean;
  /** The path went through `__schema.types`: member lists are priced at the schema's average. */
  everyType: boolean;
  /** Wrappers the current `__Type` may still have; below the last one, `ofType` is null. */
  wrappersLeft: number;
}

function itemsOf(
  coordinate: string,
  type: GraphQLOutputType,
  args: StaticArgs,
  parentArgs: StaticArgs,
  declared: FieldCost | undefined,
  w: Walk,
  inside: Introspection | null,
): number {
  let lists = 0;
  for (let t: GraphQLOutputType = type; ; ) {
    if (isNonNullType(t)) t = t.ofType;
    else if (isListType(t)) {
      lists++;
      t = t.ofType;
    } else break;
  }
  if (lists === 0) return 1;
  let items: number;
  if (declared?.items != null) {
    items = typeof declared.items === 'number' ? declared.items : declared.items(args, parentArgs);
  } else if (coordinate === '__Schema.types') items = w.sizes.types;
  else if (coordinate === '__Schema.directives') items = w.sizes.directives;
  else if (MEMBER_LISTS.has(coordinate)) {
    const size = w.sizes.members[coordinate]!;
    // Across every type, the average (a fraction) makes the total exact.
    if (inside?.everyType) return size.average;
    items = size.largest;
  } else if (coordinate === '__Field.args') {
    if (inside?.everyType) return w.sizes.args.average;
    items = w.sizes.args.largest;
  } else if (coordinate === '__Directive.args') items = w.sizes.args.directive;
  else {
    const size = SIZE_ARGUMENTS.map((a) => args[a]).find((v) => typeof v === 'number');
    items = typeof size === 'number' ? size : DEFAULT_ITEMS;
  }
  // A size no number can say (a 400-digit literal) is as good as endless.
  const size = Number.isFinite(items) ? Math.max(1, Math.ceil(items)) : ENDLESS;
  // A list of lists multiplies once more per level.
  return size * DEFAULT_ITEMS ** (lists - 1);
}

const returnsList = (type: GraphQLOutputType) => isListType(isNonNullType(type) ? type.ofType : type);

function costOf(declared: FieldCost | undefined, args: StaticArgs): number {
  if (declared?.cost == null) return 1;
  return typeof declared.cost === 'number' ? declared.cost : declared.cost(args);
}

function visit(
  w: Walk,
  set: SelectionSetNode,
  parent: GraphQLNamedType | undefined,
  depth: number,
  multiplier: number,
  parentArgs: StaticArgs,
  inside: Introspection | null,
  /** Response names selected so far in this selection set (its fragments share it). */
  names = new Map<string, number>(),
): void {
  const { figures, limits } = w;
  for (const selection of set.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition ? w.schema.getType(selection.typeCondition.name.value) : parent;
      visit(w, selection.selectionSet, on ?? undefined, depth, multiplier, parentArgs, inside, names);
      continue;
    }
    if (++figures.fields > limits.fields)
      throw overLimit(
        'fields',
        limits.fields,
        `more than ${n(limits.fields)} fields (fragments counted where used)`,
      );
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const name = selection.name.value;
      const fragment = w.fragments.get(name);
      // Unknown or cyclic fragments are for validation to refuse; here they add nothing.
      if (!fragment || w.visiting.has(name)) continue;
      w.visiting.add(name);
      const on = w.schema.getType(fragment.typeCondition.name.value) ?? parent;
      visit(w, fragment.selectionSet, on, depth, multiplier, parentArgs, inside, names);
      w.visiting.delete(name);
      continue;
    }
    const name = selection.name.value;
    if (selection.alias && ++figures.aliases > limits.aliases)
      throw overLimit('aliases', limits.aliases, `more than ${n(limits.aliases)} aliases`);
    const responseName = selection.alias?.value ?? name;
    const repeats = (names.get(responseName) ?? 0) + 1;
    names.set(responseName, repeats);
    if (repeats > limits.repeats)
      throw overLimit(
        'repeats',
        limits.repeats,
        `"${responseName}" selected more than ${limits.repeats} times in one place`,
      );
    let field: GraphQLField<unknown, unknown> | undefined;
    let here = inside;
    if (name === '__schema' || name === '__type') {
      if (!w.mayIntrospect) throw new GraphqlLimitError(INTROSPECTION_FOR_DEVELOPERS, 'introspection');
      field = name === '__schema' ? SchemaMetaFieldDef : TypeMetaFieldDef;
      here = { listed: false, argsListed: false, everyType: false, wrappersLeft: 0 };
    } else if (parent && (isObjectType(parent) || isInterfaceType(parent))) {
      field = parent.getFields()[name];
    }
    const fieldDepth = depth + 1;
    const maxDepth = here ? INTROSPECTION_DEPTH : limits.depth;
    if (fieldDepth > maxDepth) {
      throw here
        ? overLimit(
            'depth',
            INTROSPECTION_DEPTH,
            `introspection deeper than ${INTROSPECTION_DEPTH}, the standard query's depth`,
          )
        : overLimit('depth', limits.depth, `fields nested more than ${limits.depth} deep`);
    }
    figures.depth = Math.max(figures.depth, fieldDepth);
    const coordinate = parent ? `${parent.name}.${name}` : name;
    const args: StaticArgs = {};
    for (const arg of selection.arguments ?? []) args[arg.name.value] = argumentValue(arg.value, w.variables);
    const declared = w.costs[coordinate];
    if (here) {
      figures.introspectionCost += multiplier * costOf(declared, args);
      if (!(figures.introspectionCost <= w.introspectionCost))
        throw overIntrospectionCost(w.introspectionCost);
    } else {
      figures.cost += multiplier * costOf(declared, args);
      if (!(figures.cost <= limits.cost)) throw overCost(limits);
    }
    if (!selection.selectionSet) continue;
    let next = here;
    if (here && MEMBER_LISTS.has(coordinate)) {
      if (here.listed) throw nestedIntrospection();
      next = { ...here, listed: true };
    } else if (here && ARGUMENT_LISTS.has(coordinate)) {
      if (here.argsListed) throw nestedIntrospection();
      next = { ...here, argsListed: true };
    } else if (here && coordinate === '__Schema.types') {
      next = { ...here, everyType: true };
    } else if (here?.everyType && field && !returnsList(field.type)) {
      // One type reached from a member (a field's type): its lists are priced at their largest.
      next = { ...here, everyType: false };
    }
    let items = field ? itemsOf(coordinate, field.type, args, parentArgs, declared, w, here) : 1;
    if (next && (coordinate === '__Field.type' || coordinate === '__InputValue.type')) {
      next = { ...next, wrappersLeft: w.sizes.wrappers };
    } else if (next && coordinate === '__Type.ofType') {
      // A named type's ofType is null: nothing below it resolves.
      if (next.wrappersLeft === 0) items = 0;
      next = { ...next, wrappersLeft: Math.max(0, next.wrappersLeft - 1) };
    } else if (next && getNamedType(field?.type)?.name === '__Type') {
      // Types listed or looked up by name are named types.
      next = { ...next, wrappersLeft: 0 };
    }
    const child = field ? getNamedType(field.type) : undefined;
    visit(w, selection.selectionSet, child, fieldDepth, multiplier * items, args, next);
  }
}

const overCost = (limits: GraphqlLimits) =>
  overLimit(
    'cost',
    limits.cost,
    `estimated cost over ${n(limits.cost)} (each field costs 1 per expected list item; priced carts, searches and changes cost more)`,
  );

const overIntrospectionCost = (max: number) =>
  overLimit(
    'cost',
    max,
    `introspection estimated over ${n(max)}, the cost of one standard introspection query of this schema`,
  );

const nestedIntrospection = () =>
  new GraphqlLimitError(
    "Query too complex: introspection may list a type's members (or a field's arguments) once on a path, as the standard introspection query does.",
    'introspection',
  );

function walkOperation(w: Walk, operation: OperationDefinitionNode): void {
  const root =
    operation.operation === 'mutation'
      ? w.schema.getMutationType()
      : operation.operation === 'subscription'
        ? w.schema.getSubscriptionType()
        : w.schema.getQueryType();
  visit(w, operation.selectionSet, root ?? undefined, 0, 1, {}, null);
}

export interface AnalyseOptions {
  costs: FieldCosts;
  /** May the caller use `__schema` and `__type` (developers; ADR 019)? */
  mayIntrospect: boolean;
  variables?: Record<string, unknown> | null | undefined;
  limits?: GraphqlLimits;
  /** Overrides the introspection ceiling worked out from the schema. */
  introspectionCost?: number;
}

/**
 * Checks a request's document against the limits and answers its figures, or throws a
 * GraphqlLimitError naming the limit (a GraphQLError for a syntax error). Every operation of the
 * document is checked, whichever one runs. Linear in the document: counting stops at the first
 * limit passed, so fragments that multiply each other cannot make the check itself slow.
 */
export function analyseDocument(schema: GraphQLSchema, query: string, opts: AnalyseOptions): DocumentFigures {
  const limits = opts.limits ?? GRAPHQL_LIMITS;
  const source = new Source(query);
  checkTokens(source, limits);
  const document: DocumentNode = parse(source, { noLocation: true });
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const total: DocumentFigures = { depth: 0, aliases: 0, fields: 0, cost: 0, introspectionCost: 0 };
  const facts = factsOf(schema);
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    const w: Walk = {
      schema,
      sizes: facts.sizes,
      costs: opts.costs,
      limits,
      mayIntrospect: opts.mayIntrospect,
      introspectionCost: opts.introspectionCost ?? facts.introspectionCost,
      variables: opts.variables ?? {},
      fragments,
      visiting: new Set(),
      figures: { depth: 0, aliases: 0, fields: 0, cost: 0, introspectionCost: 0 },
    };
    walkOperation(w, d);
    for (const key of Object.keys(total) as (keyof DocumentFigures)[])
      total[key] = Math.max(total[key], w.figures[key]);
  }
  return total;
}

/** What the analysis needs to know of a schema, worked out once per schema. */
const schemaFacts = new WeakMap<GraphQLSchema, { sizes: SchemaSizes; introspectionCost: number }>();
function factsOf(schema: GraphQLSchema) {
  let facts = schemaFacts.get(schema);
  if (!facts) {
    facts = { sizes: schemaSizes(schema), introspectionCost: Number.POSITIVE_INFINITY };
    schemaFacts.set(schema, facts);
    const standard = analyseDocument(schema, STANDARD_INTROSPECTION, {
      costs: {},
      mayIntrospect: true,
      limits: { ...GRAPHQL_LIMITS, fields: Number.POSITIVE_INFINITY },
    });
    facts.introspectionCost = Math.ceil(standard.introspectionCost * INTROSPECTION_ROOM);
  }
  return facts;
}

/** Depth of a document's deepest field (leaves counted), fragments followed. */
function depthOf(document: DocumentNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const of = (set: SelectionSetNode | undefined): number => {
    let deepest = 0;
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) deepest = Math.max(deepest, 1 + of(s.selectionSet));
      else if (s.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, of(s.selectionSet));
      else deepest = Math.max(deepest, of(fragments.get(s.name.value)?.selectionSet));
    }
    return deepest;
  };
  return Math.max(
    ...document.definitions.map((d) => (d.kind === Kind.OPERATION_DEFINITION ? of(d.selectionSet) : 0)),
  );
}

/**
 * How deep introspection may go: as deep as graphql-js's standard introspection query with every
 * option on (the one GraphiQL, code generators and Postman send), 15 with graphql 16.
 */
export const STANDARD_INTROSPECTION = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
});
export const INTROSPECTION_DEPTH = depthOf(parse(STANDARD_INTROSPECTION));
