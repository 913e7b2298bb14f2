import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Tip as Tooltip } from '@web/components/tip';
import { useEffect, useState } from 'react';

interface CopyableTextProps {
  value: string;
  /** What is copied, for the button's accessible name ("Copy email"). */
  label: string;
  /** Ids read better in a monospace face. */
  monospace?: boolean;
  /** Shown instead of the value (e.g. a shortened id); the full value is still copied. */
  display?: string;
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** An id, email or number an agent pastes into another tool all day: one click copies it. */
export function CopyableText({ value, label, monospace = false, display }: CopyableTextProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    // Never wider than its container: a long value ellipsises and the copy button stays in view.
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, minWidth: 0, maxWidth: '100%' }}
    >
      <Box
        component="span"
        title={value}
        sx={{
          fontFamily: monospace ? 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' : undefined,
          fontSize: monospace ? '0.8125rem' : undefined,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {display ?? value}
      </Box>
      <Tooltip title={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}>
        <IconButton
          size="small"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={async () => setCopied(await copy(value))}
          sx={{ p: 0.5, flexShrink: 0 }}
        >
          {copied ? (
            <CheckIcon sx={{ fontSize: 16, color: 'success.main' }} />
          ) : (
            <ContentCopyIcon sx={{ fontSize: 16 }} />
          )}
        </IconButton>
      </Tooltip>
    </Box>
  );
}
