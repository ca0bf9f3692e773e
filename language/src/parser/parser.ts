/**
 * The IQL grammar (LANGUAGE.md §10) as a Chevrotain CstParser.
 *
 * The grammar is deliberately a little wider than the language, so that common mistakes parse
 * into a tree and get a precise message from the AST builder instead of a generic one here:
 * - the clauses after SELECT may come in any order and any number (clause-order and duplicate
 *   checks happen in the builder);
 * - an AGGREGATE argument may be bins alone (`Gender, {'Male'}`: the comma-before-bins mistake);
 * - the count of TOPN is optional and may be any literal (the builder checks it);
 * - tokens that cannot continue a query are consumed as stray tokens, one by one, so that junk
 *   inside a query is skipped up to the next clause keyword and junk between queries up to
 *   the next SELECT. A broken query therefore never swallows the query after it.
 *
 * Build the parser once: `performSelfAnalysis` is expensive and the instance is reusable.
 */
import type { CstNode, IOrAlt, IToken, DSLMethodOpts, TokenType } from 'chevrotain';
import * as chevrotain from './chevrotain';
import type { FileCstNode, FilterExpressionCstNode } from './cst-types';
import { errorMessageProvider } from './error-message-provider';
import { skipGrammarChecks } from './grammar-checks';
import * as tokenTypes from './tokens';

// Imported bindings are bound once to local constants. Under tsx (tests, the benchmark) every
// use of an imported binding is a getter call, and the grammar uses them on every token: that
// was a fifth of the time to parse a large file. In the esbuild bundle it makes no difference.
const { CstParser, EOF, tokenMatcher } = chevrotain;
const {
  Aggregate, allTokens, And, Avg, Comma, CompareOperator, Count, Dot, Enrich, From, Identifier, In,
  LBrace, Link, LParen, Name, Not, Or, RBrace, RParen, Select, Semicolon, SetOperator, Slash,
  StrayInFile, StrayInQuery, Sum, TopN, Value, Where, With,
} = tokenTypes;

/** Tokens that recovery may invent: punctuation and WITH carry no meaning of their own. */
const insertableTokens: ReadonlySet<TokenType> = new Set([RParen, RBrace, With]);

export class IqlParser extends CstParser {
  constructor() {
    super(allTokens, {
      recoveryEnabled: true,
      // Recovery through the clause loop needs no more than two tokens of lookahead.
      maxLookahead: 2,
      errorMessageProvider,
      skipValidations: skipGrammarChecks,
    });
    this.performSelfAnalysis();
  }

  // The alternatives of each OR are built once, not on every call: this saves an array and a
  // closure per alternative each time a rule runs (Chevrotain's "cache the alternatives" advice).

  /** `{ query [";"] }`, with stray tokens between queries kept for the builder to report. */
  public readonly file = this.RULE('file', () => {
    this.MANY(() => this.OR(this.fileParts));
  });

  private readonly fileParts: IOrAlt<unknown>[] = [
    { ALT: () => this.SUBRULE(this.query) },
    { ALT: () => this.CONSUME(Semicolon) },
    { ALT: () => this.CONSUME(StrayInFile) },
  ];

  /** The filter-only entry point (2.0 `baseline_filter`, `seed_filter`). */
  public readonly filterExpression = this.RULE('filterExpression', () => {
    this.SUBRULE(this.condition);
  });

  public readonly query = this.RULE('query', () => {
    this.SUBRULE(this.selectClause);
    this.MANY(this.queryPartLoop);
  });

  private readonly queryParts: IOrAlt<unknown>[] = [
    { ALT: () => this.SUBRULE(this.fromClause) },
    { ALT: () => this.SUBRULE(this.whereClause) },
    { ALT: () => this.SUBRULE(this.enrichClause) },
    { ALT: () => this.SUBRULE(this.linkClause) },
    { ALT: () => this.CONSUME(StrayInQuery) },
  ];

  private readonly queryPartLoop: DSLMethodOpts<unknown> = {
    // `EXPLAIN SELECT …` belongs to the next query, not to this one's stray tokens.
    GATE: () => !this.isExplainBeforeSelect(),
    DEF: () => this.OR(this.queryParts),
  };

  public readonly selectClause = this.RULE('selectClause', () => {
    this.CONSUME(Select);
    this.OPTION(() => {
      this.SUBRULE(this.selectItem);
      this.MANY(() => {
        this.CONSUME(Comma);
        this.SUBRULE2(this.selectItem);
      });
    });
  });

  public readonly selectItem = this.RULE('selectItem', () => {
    this.OR(this.selectItemKinds);
  });

  private readonly selectItemKinds: IOrAlt<unknown>[] = [
    { ALT: () => this.SUBRULE(this.countItem) },
    { ALT: () => this.SUBRULE(this.aggregateItem) },
    { ALT: () => this.SUBRULE(this.topNItem) },
    { ALT: () => this.SUBRULE(this.measureItem) },
    { ALT: () => this.SUBRULE(this.columnItem) },
  ];

  public readonly countItem = this.RULE('countItem', () => {
    this.CONSUME(Count);
    this.CONSUME(LParen);
    this.CONSUME(RParen);
  });

  public readonly aggregateItem = this.RULE('aggregateItem', () => {
    this.CONSUME(Aggregate);
    this.CONSUME(LParen);
    this.OPTION(() => {
      this.SUBRULE(this.aggregateArgument);
      this.MANY(() => {
        this.CONSUME(Comma);
        this.SUBRULE2(this.aggregateArgument);
      });
    });
    this.CONSUME(RParen);
  });

  /** A dimension, or bins alone when a comma was written between a category and its bins. */
  public readonly aggregateArgument = this.RULE('aggregateArgument', () => {
    this.OR(this.aggregateArgumentKinds);
  });

  private readonly aggregateArgumentKinds: IOrAlt<unknown>[] = [
    { ALT: () => this.SUBRULE(this.dimension) },
    { ALT: () => this.SUBRULE(this.bins) },
  ];

  public readonly dimension = this.RULE('dimension', () => {
    this.SUBRULE(this.ref);
    this.OPTION(() => this.SUBRULE(this.bins));
  });

  /** `{ value, … }`; a value is a string, a number, or a quoted name (warned about later). */
  public readonly bins = this.RULE('bins', () => {
    this.CONSUME(LBrace);
    this.OPTION(() => {
      this.CONSUME(Value);
      this.MANY(() => {
        this.CONSUME(Comma);
        this.CONSUME2(Value);
      });
    });
    this.CONSUME(RBrace);
  });

  public readonly topNItem = this.RULE('topNItem', () => {
    this.CONSUME(TopN);
    this.CONSUME(LParen);
    this.SUBRULE(this.ref);
    this.OPTION(() => {
      this.CONSUME(Comma);
      this.OPTION2(() => this.CONSUME(Value));
    });
    this.CONSUME(RParen);
  });

  /** `SUM(ref)` or `AVG(ref)`. */
  public readonly measureItem = this.RULE('measureItem', () => {
    this.OR(this.measureKeywords);
    this.CONSUME(LParen);
    this.SUBRULE(this.ref);
    this.CONSUME(RParen);
  });

  private readonly measureKeywords: IOrAlt<unknown>[] = [
    { ALT: () => this.CONSUME(Sum) },
    { ALT: () => this.CONSUME(Avg) },
  ];

  /** An output column of an activation query: `dataset.column`. */
  public readonly columnItem = this.RULE('columnItem', () => {
    this.CONSUME(Name);
    this.CONSUME(Dot);
    this.CONSUME2(Name);
  });

  public readonly fromClause = this.RULE('fromClause', () => {
    this.CONSUME(From);
    this.SUBRULE(this.audience);
  });

  /** Set operators have equal precedence and apply left to right (LANGUAGE.md §5). */
  public readonly audience = this.RULE('audience', () => {
    this.SUBRULE(this.audienceTerm);
    this.MANY(() => {
      this.CONSUME(SetOperator);
      this.SUBRULE2(this.audienceTerm);
    });
  });

  public readonly audienceTerm = this.RULE('audienceTerm', () => {
    this.OR(this.audienceTermKinds);
  });

  private readonly audienceTermKinds: IOrAlt<unknown>[] = [
    { ALT: () => this.CONSUME(Name) },
    {
      ALT: () => {
        this.CONSUME(LParen);
        this.SUBRULE(this.audience);
        this.CONSUME(RParen);
      },
    },
  ];

  public readonly whereClause = this.RULE('whereClause', () => {
    this.CONSUME(Where);
    this.SUBRULE(this.condition);
  });

  /** OR binds looser than AND. */
  public readonly condition = this.RULE('condition', () => {
    this.SUBRULE(this.andCondition);
    this.MANY(() => {
      this.CONSUME(Or);
      this.SUBRULE2(this.andCondition);
    });
  });

  public readonly andCondition = this.RULE('andCondition', () => {
    this.SUBRULE(this.notCondition);
    this.MANY(() => {
      this.CONSUME(And);
      this.SUBRULE2(this.notCondition);
    });
  });

  public readonly notCondition = this.RULE('notCondition', () => {
    this.OPTION(() => this.CONSUME(Not));
    this.OR(this.notConditionKinds);
  });

  private readonly notConditionKinds: IOrAlt<unknown>[] = [
    { ALT: () => this.SUBRULE(this.comparison) },
    {
      ALT: () => {
        this.CONSUME(LParen);
        this.SUBRULE(this.condition);
        this.CONSUME(RParen);
      },
    },
  ];

  public readonly comparison = this.RULE('comparison', () => {
    this.SUBRULE(this.ref);
    this.OR(this.comparisonKinds);
  });

  private readonly comparisonKinds: IOrAlt<unknown>[] = [
    {
      ALT: () => {
        this.CONSUME(CompareOperator);
        this.CONSUME(Value);
      },
    },
    {
      ALT: () => {
        this.CONSUME(In);
        this.CONSUME(LParen);
        this.CONSUME2(Value);
        this.MANY(() => {
          this.CONSUME(Comma);
          this.CONSUME3(Value);
        });
        this.CONSUME(RParen);
      },
    },
  ];

  public readonly enrichClause = this.RULE('enrichClause', () => {
    this.CONSUME(Enrich);
    this.CONSUME(With);
    this.SUBRULE(this.names);
  });

  public readonly linkClause = this.RULE('linkClause', () => {
    this.CONSUME(Link);
    this.CONSUME(With);
    this.SUBRULE(this.names);
  });

  public readonly names = this.RULE('names', () => {
    this.CONSUME(Name);
    this.MANY(() => {
      this.CONSUME(Comma);
      this.CONSUME2(Name);
    });
  });

  /** `[dataset "."] category ["/" representation]`. */
  public readonly ref = this.RULE('ref', () => {
    this.CONSUME(Name);
    this.OPTION(() => {
      this.CONSUME(Dot);
      this.CONSUME2(Name);
    });
    this.OPTION2(() => {
      this.CONSUME(Slash);
      this.CONSUME3(Name);
    });
  });

  /**
   * Chevrotain normally recovers from an error in the innermost rule whose own follow set holds
   * the token it re-synchronises on, and otherwise unwinds further, dropping the partial tree
   * of every rule it leaves. At the end of the text the re-sync token is EOF, which only the
   * top rule follows, so a query being typed would vanish from the tree exactly when the editor
   * needs it. Recovering in the innermost rule keeps every partial node; the rules above then
   * carry on from the re-sync point, and the cascade of follow-up errors this may add is
   * filtered out later (only the first syntax error of a query is reported).
   */
  protected isInCurrentRuleReSyncSet(_tokenType: TokenType): boolean {
    return true;
  }

  /** Recovery may invent punctuation, never a name or a value the author did not write. */
  protected canTokenTypeBeInsertedInRecovery(tokenType: TokenType): boolean {
    return insertableTokens.has(tokenType);
  }

  /** Recovery may skip a stray token, but never the SELECT that starts the next query. */
  protected canTokenTypeBeDeletedInRecovery(_tokenType: TokenType): boolean {
    return !tokenMatcher(this.LA(1), Select);
  }

  /** `EXPLAIN` just before a SELECT; the end of the input counts as one (see runFileRule). */
  private isExplainBeforeSelect(): boolean {
    const next = this.LA(1);
    if (!tokenMatcher(next, Identifier) || next.image.toUpperCase() !== 'EXPLAIN') return false;
    const after = this.LA(2);
    return tokenMatcher(after, Select) || after.tokenType === EOF;
  }
}

/**
 * The one parser instance, built on first use (a server builds it while answering `initialize`,
 * see warmUpParser); parsing is synchronous, so reusing it is safe.
 */
let iqlParser: IqlParser | undefined;

export function buildParser(): IqlParser {
  iqlParser ??= new IqlParser();
  return iqlParser;
}

/**
 * The result of running one entry rule over a token vector. The tree is typed with the node
 * type generated from this grammar (cst-types.ts, kept in step by cst-types.test.ts), which is
 * why the runs below may assert it: Chevrotain's rule methods only promise a `CstNode`.
 */
export interface ParserRun<Node extends CstNode> {
  readonly cst: Node;
  readonly errors: IqlParser['errors'];
}

/**
 * Parses a whole file with the `file` rule, one query at a time: the tokens are cut before
 * every SELECT and each slice is parsed on its own, its result handed to `accept` in order.
 *
 * This gives exactly the tree of a single run over all tokens, because nothing in a query
 * ever consumes a SELECT (SELECT is never stray, never deleted by recovery, and always a
 * re-sync point). The only thing a slice cannot see is the SELECT after it: the EXPLAIN gate
 * treats the end of a slice like a SELECT, and error messages look the next token up in the
 * whole token vector. It matters for memory: the CST of one query is garbage as soon as its AST
 * is built, whereas the CST of a whole large file would live through the parse and be copied
 * into the old generation by the garbage collector, which cost more than the parsing itself.
 */
export function runFileRule(tokens: IToken[], accept: (run: ParserRun<FileCstNode>, slice: IToken[]) => void): void {
  let start = 0;
  for (let index = 1; index <= tokens.length; index++) {
    if (index === tokens.length || tokens[index].tokenType === Select) {
      const slice = tokens.slice(start, index);
      const parser = iqlParser ?? buildParser();
      parser.input = slice;
      const cst = parser.file() as FileCstNode;
      accept({ cst, errors: parser.errors }, slice);
      start = index;
    }
  }
}

/** Parses a filter expression (the part after WHERE). */
export function runFilterRule(tokens: IToken[]): ParserRun<FilterExpressionCstNode> {
  const parser = iqlParser ?? buildParser();
  parser.input = tokens;
  const cst = parser.filterExpression() as FilterExpressionCstNode;
  return { cst, errors: parser.errors };
}
