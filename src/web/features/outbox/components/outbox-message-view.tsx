import type { OutboxMessage } from '@domain/platform/outbox';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { previewHtml } from './hidden-links';

type View = 'html' | 'text' | 'payload';

const pre = {
  m: 0,
  p: 2,
  bgcolor: 'background.default',
  borderRadius: 1,
  fontSize: 13,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  maxHeight: 480,
  overflow: 'auto',
} as const;

/**
 * The message as the recipient sees it. The HTML goes into a sandboxed iframe (no scripts,
 * no same-origin access), so a template can never act inside the back office.
 */
export function OutboxMessageView({ message }: { message: OutboxMessage }) {
  const [view, setView] = useState<View>(message.html ? 'html' : message.text ? 'text' : 'payload');
  const id = useId();
  return (
    <Box>
      <Tabs value={view} onChange={(_event, next: View) => setView(next)} aria-label="Message views">
        <Tab
          value="html"
          label="Email"
          disabled={!message.html}
          id={`${id}-html`}
          aria-controls={`${id}-panel`}
        />
        <Tab
          value="text"
          label="Plain text"
          disabled={!message.text}
          id={`${id}-text`}
          aria-controls={`${id}-panel`}
        />
        <Tab value="payload" label="Payload" id={`${id}-payload`} aria-controls={`${id}-panel`} />
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${view}`} sx={{ pt: 2 }}>
        {view === 'html' && message.html && (
          <Box
            component="iframe"
            title={`Email: ${message.subject ?? message.template}`}
            sandbox=""
            srcDoc={previewHtml(message.html)}
            sx={{
              width: '100%',
              height: 480,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: '#fff',
            }}
          />
        )}
        {view === 'text' && (
          <Box component="pre" sx={pre}>
            {message.text}
          </Box>
        )}
        {view === 'payload' && (
          <Box component="pre" sx={pre}>
            {JSON.stringify(message.payload, null, 2)}
          </Box>
        )}
        {view === 'html' && !message.html && (
          <Typography sx={{ color: 'text.secondary' }}>This message has no HTML body.</Typography>
        )}
      </Box>
    </Box>
  );
}
