import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { formatCount } from '@web/lib/format';

// The legend and the hover card of the orders-per-day chart (orders-by-day-chart.tsx).

export interface Series {
  id: string;
  label: string;
  color: string;
  data: number[];
}

function Mark({ color }: { color: string }) {
  return (
    <Box
      component="span"
      sx={{ width: 13, height: 13, borderRadius: '2px', bgcolor: color, flexShrink: 0 }}
    />
  );
}

/** One entry per order state under the chart, wrapping on narrow screens. */
export function ChartLegend({ series }: { series: Series[] }) {
  return (
    <Box
      component="ul"
      sx={(theme) => ({
        ...theme.typography.caption,
        color: 'text.primary',
        lineHeight: '100%',
        listStyle: 'none',
        m: 1,
        p: 0,
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 2,
      })}
    >
      {series.map((s) => (
        <Box component="li" key={s.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Mark color={s.color} />
          {s.label}
        </Box>
      ))}
    </Box>
  );
}

interface ChartTooltipProps {
  title: string;
  series: Series[];
  index: number;
  /** Where the pointer (or the focused bar) is, in the chart's own pixels. */
  x: number;
  y: number;
  containerWidth: number;
}

const TOOLTIP_OFFSET = 16;
const TOOLTIP_WIDTH_ESTIMATE = 180;

/** The day under the pointer: each state's orders, largest stack segment last as on the bar. */
export function ChartTooltip({ title, series, index, x, y, containerWidth }: ChartTooltipProps) {
  const rows = series.filter((s) => (s.data[index] ?? 0) > 0);
  const flip = x + TOOLTIP_OFFSET + TOOLTIP_WIDTH_ESTIMATE > containerWidth;
  return (
    <Paper
      elevation={4}
      role="presentation"
      sx={{
        position: 'absolute',
        top: Math.max(0, y - 40),
        ...(flip ? { right: containerWidth - x + TOOLTIP_OFFSET } : { left: x + TOOLTIP_OFFSET }),
        pointerEvents: 'none',
        zIndex: 1,
        py: 1,
        typography: 'body2',
        whiteSpace: 'nowrap',
      }}
    >
      <Box sx={{ px: 1.5, pb: 0.5, color: 'text.secondary', typography: 'caption' }}>{title}</Box>
      <Box component="table" sx={{ borderCollapse: 'collapse', '& td': { px: 1.5, py: 0.25 } }}>
        <tbody>
          {rows.map((s) => (
            <tr key={s.id}>
              <td>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Mark color={s.color} />
                  {s.label}
                </Box>
              </td>
              <Box component="td" sx={{ textAlign: 'right', fontWeight: 600 }}>
                {formatCount(s.data[index] ?? 0)}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}
