import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import {
  bracketMatching,
  codeFolding,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
  syntaxTree,
} from '@codemirror/language';
import { type Diagnostic, forceLinting, forEachDiagnostic, linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';

type SyntaxNode = ReturnType<typeof syntaxTree>['topNode'];

// The promo tool's JSON editor (CodeMirror 6): JSON syntax, folding, and inline errors from the
// rule's zod schema, placed on the property they are about.

export interface JsonIssue {
  path: string;
  message: string;
}

/** A caret (anchor = head) or a selection, as offsets in the text. */
export interface JsonSelection {
  anchor: number;
  head: number;
}

export interface JsonEditorProps {
  value: string;
  onChange?: (text: string) => void;
  /** Issues of the parsed value (the rule's zod schema); syntax errors are found by the editor. */
  validate?: (value: unknown) => JsonIssue[];
  /** Issues from elsewhere (the server's answer to a save), placed on their lines like the others. */
  issues?: readonly JsonIssue[];
  readOnly?: boolean;
  label: string;
  minHeight?: number;
  /** Focus the editor as it is created, with this selection (taken over from the plain text). */
  focusAt?: JsonSelection;
}

const propertyValue = (property: SyntaxNode): SyntaxNode | null => property.lastChild;

/** The node a dotted path points at (the deepest part that exists). */
export function nodeAtPath(root: SyntaxNode, path: string, doc: string): SyntaxNode | null {
  let node: SyntaxNode | null = root.firstChild ?? root;
  let found: SyntaxNode | null = null;
  for (const part of path ? path.split('.') : []) {
    if (!node) break;
    let next: SyntaxNode | null = null;
    if (node.name === 'Object') {
      for (let child: SyntaxNode | null = node.firstChild; child; child = child.nextSibling) {
        if (child.name !== 'Property') continue;
        const name = child.firstChild;
        if (name && name.name === 'PropertyName' && propertyName(doc, name) === part) {
          found = name;
          next = propertyValue(child);
          break;
        }
      }
    } else if (node.name === 'Array') {
      let i = 0;
      for (let child: SyntaxNode | null = node.firstChild; child; child = child.nextSibling) {
        if (child.name === '[' || child.name === ']' || child.name === ',' || child.type.isError) continue;
        if (String(i) === part) {
          next = child;
          break;
        }
        i++;
      }
      if (next) found = next;
    }
    if (!next) break;
    node = next;
  }
  return found;
}

function propertyName(doc: string, node: SyntaxNode): string {
  const raw = doc.slice(node.from, node.to);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

export function JsonEditor({
  value,
  onChange,
  validate,
  readOnly = false,
  label,
  minHeight = 280,
  issues,
  focusAt,
}: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, validate, issues });
  latest.current = { onChange, validate, issues };
  /** The selection taken over as the editor is first created (its first render's). */
  const handOver = useRef(focusAt);
  /** The errors on screen, each with its line, for those who do not see the underlines. */
  const [listed, setListed] = useState<{ line: number; from: number; message: string }[]>([]);
  const listId = useId();

  // The editor is created once per mount (and per readOnly); outside changes come through the next effect.
  // biome-ignore lint/correctness/useExhaustiveDependencies: value is pushed in by the next effect
  useEffect(() => {
    const parseLint = jsonParseLinter();
    const schemaLint = (v: EditorView): Diagnostic[] => {
      const syntax = parseLint(v);
      if (syntax.length > 0) return syntax;
      const check = latest.current.validate;
      if (!check) return [];
      const text = v.state.doc.toString();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return [];
      }
      const tree = syntaxTree(v.state);
      const own = check(parsed);
      const seen = new Set(own.map((i) => `${i.path}\u0000${i.message}`));
      const others = (latest.current.issues ?? []).filter((i) => !seen.has(`${i.path}\u0000${i.message}`));
      return [...own, ...others].map((issue) => {
        const node = nodeAtPath(tree.topNode, issue.path, text);
        const from = node?.from ?? 0;
        const to = node?.to ?? Math.min(text.length, 1);
        return {
          from,
          to: Math.max(to, from + 1),
          severity: 'error',
          // The message names the field in words (issue-words); the path is where it is.
          message: issue.message,
        } satisfies Diagnostic;
      });
    };
    const state = EditorState.create({
      doc: value,
      extensions: [
        lineNumbers(),
        foldGutter(),
        codeFolding(),
        history(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle),
        json(),
        lintGutter(),
        linter(schemaLint, { delay: 250 }),
        keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap, indentWithTab]),
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
        // tabindex: the content stays in the tab order when read-only, and axe counts the scroller focusable.
        EditorView.contentAttributes.of({
          'aria-label': label,
          'aria-multiline': 'true',
          role: 'textbox',
          tabindex: '0',
        }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) latest.current.onChange?.(u.state.doc.toString());
          const found: { line: number; from: number; message: string }[] = [];
          forEachDiagnostic(u.state, (d, from) =>
            found.push({ line: u.state.doc.lineAt(from).number, from, message: d.message }),
          );
          setListed((was) =>
            was.length === found.length &&
            was.every((w, i) => w.from === found[i]!.from && w.message === found[i]!.message)
              ? was
              : found,
          );
        }),
        EditorView.theme({
          '&': { fontSize: '13px', border: '1px solid rgba(0,0,0,0.23)', borderRadius: '4px' },
          '.cm-scroller': {
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            minHeight: `${minHeight}px`,
          },
          '.cm-gutters': { backgroundColor: '#f5f5f5', color: '#555' },
        }),
      ],
    });
    const created = new EditorView({ state, parent: host.current! });
    view.current = created;
    const handedOver = handOver.current;
    handOver.current = undefined;
    if (handedOver) {
      const within = (offset: number) => Math.max(0, Math.min(offset, created.state.doc.length));
      created.dispatch({ selection: { anchor: within(handedOver.anchor), head: within(handedOver.head) } });
      created.focus();
    }
    return () => {
      created.destroy();
      view.current = null;
    };
  }, [readOnly, label, minHeight]);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) {
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
    }
  }, [value]);

  // New issues from outside: lint again now rather than at the next keystroke.
  useEffect(() => {
    if (view.current && issues) forceLinting(view.current);
  }, [issues]);

  const goTo = (from: number) => {
    const v = view.current;
    if (!v) return;
    v.dispatch({ selection: { anchor: from }, scrollIntoView: true });
    v.focus();
  };

  return (
    <Box>
      <Box ref={host} sx={{ '& .cm-editor': { maxHeight: 520 }, '& .cm-scroller': { overflow: 'auto' } }} />
      {listed.length > 0 && (
        <Box
          component="ul"
          id={listId}
          aria-label={`Errors in ${label}`}
          sx={{ m: 0, mt: 1, pl: 0, listStyle: 'none' }}
        >
          {listed.map((d) => (
            <Typography
              component="li"
              variant="body2"
              key={`${d.from}:${d.message}`}
              sx={{ color: 'error.main' }}
            >
              <Link
                component="button"
                type="button"
                color="error"
                underline="always"
                onClick={() => goTo(d.from)}
                sx={{ verticalAlign: 'baseline', fontWeight: 600 }}
              >
                Line {d.line}
              </Link>
              : {d.message}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
