import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { chunkLoader, preloader } from '@web/lib/chunk-load';
import { type ChangeEvent, type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { loadRuleChecks } from '../hooks/use-rule-checks';
import type { JsonEditorProps, JsonSelection } from './json-editor';

// The rule's JSON shows at once as plain text, editable; CodeMirror (98 kB compressed) and the
// rule's checks (zod, 27 kB) come when the staff member reaches for it: the pointer over it, a
// focus, a touch, or a key. An editor URL then opens a rule within the screen budget, its text on
// screen without waiting for either (ADR 050). Where they have come already (the tool loads them
// as its modes are pointed at), the editor shows at once. Typing before it comes is kept: the
// editor takes over the text, the selection and the focus.

type Editor = ComponentType<JsonEditorProps>;

/** The editor once it has come (this module belongs to the rule editor's chunk alone). */
let loaded: Editor | null = null;

const loadJsonEditor = chunkLoader(() =>
  Promise.all([import('./json-editor'), loadRuleChecks().catch(() => null)]).then(([m]) => {
    loaded = m.JsonEditor;
    return m.JsonEditor;
  }),
);

/** Starts bringing the editor (a pointer over the tool's modes, a first focus). */
export const preloadJsonEditor = preloader(loadJsonEditor);

interface RuleJsonProps extends Omit<JsonEditorProps, 'focusAt'> {
  /** Bring the editor now, without waiting for a gesture (a new rule; errors to mark). */
  wanted: boolean;
  /** The editor is asked for (the tool brings the rule's checks with it). */
  onWanted?: () => void;
}

/** The rule's JSON: plain text until the editor comes, then CodeMirror with the same text. */
export function RuleJson({ wanted, onWanted, ...editor }: RuleJsonProps) {
  const [Editor, setEditor] = useState<Editor | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  const [focusAt, setFocusAt] = useState<JsonSelection | undefined>(undefined);
  const plain = useRef<HTMLTextAreaElement>(null);
  const asked = useRef(false);

  const want = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    onWanted?.();
    loadJsonEditor().then(
      (component) => {
        // Handed over as it was: a caret or a selection in the plain text, and its focus.
        const text = plain.current;
        if (text && text.ownerDocument.activeElement === text) {
          const backward = text.selectionDirection === 'backward';
          setFocusAt({
            anchor: backward ? text.selectionEnd : text.selectionStart,
            head: backward ? text.selectionStart : text.selectionEnd,
          });
        }
        setEditor(() => component);
      },
      () => {
        asked.current = false;
        setFailed(true);
      },
    );
  }, [onWanted]);

  useEffect(() => {
    if (wanted && !Editor) want();
  }, [wanted, Editor, want]);
  // The editor was here already (brought ahead): the rule's checks are wanted with it all the same.
  useEffect(() => {
    if (Editor) onWanted?.();
  }, [Editor, onWanted]);

  if (Editor) return <Editor {...editor} focusAt={focusAt} />;
  const { value, onChange, readOnly = false, label, minHeight = 280 } = editor;
  return (
    <Box onPointerEnter={want} onTouchStart={want}>
      <Box
        component="textarea"
        ref={plain}
        aria-label={label}
        value={value}
        readOnly={readOnly}
        onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange?.(e.target.value)}
        onFocus={want}
        onKeyDown={want}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        sx={{
          display: 'block',
          boxSizing: 'border-box',
          width: '100%',
          minHeight,
          maxHeight: 520,
          // As tall as the rule, within those bounds, where the browser can (the editor's own size).
          fieldSizing: 'content',
          resize: 'vertical',
          m: 0,
          py: '4px',
          px: '6px',
          border: '1px solid rgba(0,0,0,0.23)',
          borderRadius: '4px',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '13px',
          lineHeight: 1.4,
          color: 'text.primary',
          bgcolor: 'background.paper',
          whiteSpace: 'pre',
          overflow: 'auto',
        }}
      />
      {failed && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          The JSON editor did not load: the rule can still be edited here, and it is checked when saved.
        </Typography>
      )}
    </Box>
  );
}
