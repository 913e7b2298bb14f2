import type { Dashboard } from '@domain/platform/dashboard';
import InsertChartOutlined from '@mui/icons-material/InsertChartOutlined';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { EmptyState } from '@web/components/empty-state';
import { formatCount, formatDay } from '@web/lib/format';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { bands, labelEvery, niceTicks } from './bar-scale';
import { ChartLegend, ChartTooltip, type Series } from './chart-parts';
import { describeState } from './order-state-colors';

// The dashboard's only chart, drawn as plain SVG: a charting library (@mui/x-charts with d3) was
// 81 kB of compressed JavaScript, a third of the signed-in dashboard, for fourteen stacked bars
// (ADR 034, JavaScript budget). Same layout as before: value axis on the left, days along the
// bottom, horizontal grid, legend underneath, the day's figures on hover.

interface OrdersByDayChartProps {
  days: Dashboard['ordersByDay'];
  height?: number;
}

const MARGIN = { top: 20, right: 8, bottom: 20, left: 0 };
const Y_AXIS_WIDTH = 40;
const X_AXIS_HEIGHT = 25;
const TICK = 6;
/** One value tick per 50 px of height, as chart libraries default to. */
const PX_PER_TICK = 50;
const LABEL_FONT_PX = 12;

/**
 * The width the chart has to fill, followed as the layout changes. The observer reports the first
 * width after the browser's own layout, before the frame is painted: reading `clientWidth` here
 * instead made the browser lay the whole page out at once, 66 ms of a phone's main thread on the
 * dashboard's first render (ADR 039).
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** Orders per day for the last 14 days, stacked by order state. */
export function OrdersByDayChart({ days, height = 300 }: OrdersByDayChartProps) {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) {
    return (
      <EmptyState
        icon={<InsertChartOutlined />}
        title="No orders in the last 14 days"
        description="The chart fills in as orders are placed."
      />
    );
  }
  return <StackedBars days={days} height={height} total={total} />;
}

function StackedBars({ days, height, total }: Required<OrdersByDayChartProps> & { total: number }) {
  const theme = useTheme();
  const { ref, width } = useWidth();
  const [active, setActive] = useState<{ index: number; x: number; y: number } | null>(null);

  const stateKeys = [...new Set(days.flatMap((day) => Object.keys(day.byState)))].sort(
    (a, b) => (Number(a) || 0) - (Number(b) || 0),
  );
  const series: Series[] = stateKeys.map((key, index) => {
    const state = describeState(key, index);
    return { id: key, label: state.name, color: state.color, data: days.map((day) => day.byState[key] ?? 0) };
  });
  const labels = days.map((day) => formatDay(day.date));

  const plotLeft = MARGIN.left + Y_AXIS_WIDTH;
  const plotTop = MARGIN.top;
  const plotWidth = Math.max(0, width - plotLeft - MARGIN.right);
  const plotHeight = height - MARGIN.top - MARGIN.bottom - X_AXIS_HEIGHT;
  const plotBottom = plotTop + plotHeight;
  const stacked = days.map((_, i) => series.reduce((sum, s) => sum + (s.data[i] ?? 0), 0));
  const ticks = niceTicks(Math.max(...stacked), Math.floor(plotHeight / PX_PER_TICK));
  const top = ticks.at(-1)!;
  const y = (value: number) => plotBottom - (value / top) * plotHeight;
  const { starts, barWidth, step } = bands(days.length, plotWidth);
  const widest = Math.max(...labels.map((l) => l.length)) * LABEL_FONT_PX * 0.6;
  const every = labelEvery(step, widest);
  const axisColor = theme.palette.text.primary;
  const text = {
    fontSize: LABEL_FONT_PX,
    fill: theme.palette.text.primary,
    fontFamily: theme.typography.fontFamily,
  };

  const indexAt = (clientX: number, svg: SVGSVGElement) => {
    const x = clientX - svg.getBoundingClientRect().left - plotLeft;
    if (x < 0 || x > plotWidth || step === 0) return null;
    return Math.min(days.length - 1, Math.max(0, Math.floor((x - (step - barWidth) / 2) / step)));
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const index = indexAt(event.clientX, event.currentTarget);
    const box = event.currentTarget.getBoundingClientRect();
    setActive(index === null ? null : { index, x: event.clientX - box.left, y: event.clientY - box.top });
  };
  return (
    <Box
      ref={ref}
      role="img"
      aria-label={`Orders per day for the last ${days.length} days, ${total} in all, stacked by order state`}
      // The drawing's height is kept from the first paint: the bars come once the width is known.
      sx={{ position: 'relative', width: '100%', '& > .chart-area': { minHeight: height } }}
    >
      <div className="chart-area">
        {width > 0 && (
          <svg
            width={width}
            height={height}
            // The figures are in the label of the surrounding image; the drawing is for the eye.
            aria-hidden="true"
            onPointerMove={onPointerMove}
            onPointerLeave={() => setActive(null)}
            style={{ display: 'block' }}
          >
            {ticks.map((tick) => (
              <line
                key={`grid-${tick}`}
                x1={plotLeft}
                x2={plotLeft + plotWidth}
                y1={y(tick)}
                y2={y(tick)}
                stroke={theme.palette.divider}
              />
            ))}
            {active && (
              <rect
                x={plotLeft + (starts[active.index] ?? 0) - (step - barWidth) / 2}
                y={plotTop}
                width={step}
                height={plotHeight}
                fill="gray"
                fillOpacity={0.1}
                pointerEvents="none"
              />
            )}
            {days.map((day, i) => {
              let base = 0;
              return (
                <g key={day.date}>
                  {series.map((s) => {
                    const value = s.data[i] ?? 0;
                    if (value === 0) return null;
                    const rect = (
                      <rect
                        key={s.id}
                        x={plotLeft + (starts[i] ?? 0)}
                        y={y(base + value)}
                        width={barWidth}
                        height={y(base) - y(base + value)}
                        fill={s.color}
                      />
                    );
                    base += value;
                    return rect;
                  })}
                </g>
              );
            })}
            <g stroke={axisColor} shapeRendering="crispEdges">
              <line x1={plotLeft} x2={plotLeft} y1={plotTop} y2={plotBottom} />
              <line x1={plotLeft} x2={plotLeft + plotWidth} y1={plotBottom} y2={plotBottom} />
              {ticks.map((tick) => (
                <line key={tick} x1={plotLeft - TICK} x2={plotLeft} y1={y(tick)} y2={y(tick)} />
              ))}
              {labels.map((label, i) =>
                i % every === 0 ? (
                  <line
                    key={label}
                    x1={plotLeft + (starts[i] ?? 0) + barWidth / 2}
                    x2={plotLeft + (starts[i] ?? 0) + barWidth / 2}
                    y1={plotBottom}
                    y2={plotBottom + TICK}
                  />
                ) : null,
              )}
            </g>
            {ticks.map((tick) => (
              <text
                key={tick}
                x={plotLeft - TICK - 2}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="central"
                style={text}
              >
                {formatCount(tick)}
              </text>
            ))}
            {labels.map((label, i) =>
              i % every === 0 ? (
                <text
                  key={label}
                  x={plotLeft + (starts[i] ?? 0) + barWidth / 2}
                  y={plotBottom + TICK + 3}
                  textAnchor="middle"
                  dominantBaseline="hanging"
                  style={text}
                >
                  {label}
                </text>
              ) : null,
            )}
          </svg>
        )}
      </div>
      {active && (
        <ChartTooltip
          title={labels[active.index] ?? ''}
          series={series}
          index={active.index}
          x={active.x}
          y={active.y}
          containerWidth={width}
        />
      )}
      <ChartLegend series={series} />
    </Box>
  );
}
