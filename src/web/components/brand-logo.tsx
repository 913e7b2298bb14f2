import Box from '@mui/material/Box';

interface BrandLogoProps {
  /** Only the mark, for narrow top bars. */
  compact?: boolean;
  /** Colour of the word mark; the bloom mark follows it. */
  color?: string;
}

/** The back office's mark: a five-petal bloom and the word mark. Decorative; links carry the name. */
export function BrandLogo({ compact = false, color = 'currentColor' }: BrandLogoProps) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color }}>
      <Box component="svg" viewBox="0 0 32 32" aria-hidden sx={{ width: 28, height: 28, flexShrink: 0 }}>
        <g fill="currentColor">
          {[0, 72, 144, 216, 288].map((angle) => (
            <ellipse
              key={angle}
              cx="16"
              cy="9"
              rx="4.6"
              ry="7"
              opacity="0.78"
              transform={`rotate(${angle} 16 16)`}
            />
          ))}
          <circle cx="16" cy="16" r="3.4" opacity="1" />
        </g>
      </Box>
      {!compact && (
        <Box
          component="span"
          sx={{ fontWeight: 600, fontSize: 18, letterSpacing: '0.02em', whiteSpace: 'nowrap', lineHeight: 1 }}
        >
          Customer Service{' '}
          <Box component="span" sx={{ fontWeight: 400, opacity: 0.8 }}>
            Back Office
          </Box>
        </Box>
      )}
    </Box>
  );
}
