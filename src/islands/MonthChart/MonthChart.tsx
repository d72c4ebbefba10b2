import { useEffect, useRef, useState } from 'react';
import type uPlotType from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './month-chart.css';

export interface ChartSeries {
  label: string;
  color: string;
  /** One value per month, as numbers for the bar heights. */
  values: number[];
  /** The same values as the table and tooltip show them (rupiah stays exact text). */
  texts: string[];
}

interface Props {
  id: string;
  caption: string;
  /** Month labels ("Jan", "Feb", …), oldest first. */
  months: string[];
  series: ChartSeries[];
  /** Several series are stacked into one bar per month. */
  stacked?: boolean;
  /** The table's first column: "Bulan" by default, "Tanggal" for a chart per day. */
  periodLabel?: string;
}

/**
 * A bar chart per month drawn with uPlot once visible. The server renders the same numbers as a
 * table: it is what a reader without JavaScript, a screen reader and the printout get; the
 * canvas is drawn beside it and hidden from assistive technology. Touch shows the tooltip of the
 * touched month; so does the mouse.
 */
export default function MonthChart({ id, caption, months, series, stacked = false, periodLabel = 'Bulan' }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [tip, setTip] = useState<{ idx: number; left: number } | null>(null);

  useEffect(() => {
    let plot: uPlotType | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    let lastPointer = 'mouse';
    void (async () => {
      const { default: uPlot } = await import('uplot');
      const el = box.current;
      if (!el || cancelled) return;
      const xs = months.map((_, i) => i);
      // Stacked: each series drawn as the running sum, the last on the bottom painted last.
      const sums = series.map((_, s) => months.map((__, i) => series.slice(0, s + 1).reduce((t, x) => t + (x.values[i] ?? 0), 0)));
      const order = stacked ? series.map((_, s) => s).reverse() : series.map((_, s) => s);
      const bars = uPlot.paths.bars!({ size: [stacked || series.length === 1 ? 0.6 : 0.8 / series.length, 60] });
      const width = () => Math.max(240, el.clientWidth);
      // Many bars (30 days): a label on every few, counted back from the newest.
      const step = Math.ceil(months.length / 10);
      const labelled = (t: number) => (months.length - 1 - t) % step === 0;
      plot = new uPlot(
        {
          width: width(),
          height: 200,
          legend: { show: false },
          cursor: {
            drag: { x: false, y: false },
            points: { show: false },
            // After a tap the browser sends the mouse events a touch stands for, ending with a
            // mouseleave that would hide the tooltip the finger just opened: a touched chart keeps
            // it until the next touch.
            bind: { mouseleave: (_u, _target, handler) => (e) => (lastPointer === 'mouse' ? handler(e) : null) },
          },
          scales: { x: { time: false, range: [-0.5, months.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
          axes: [
            // The axis names the month only ("Jun"); the tooltip and the table carry the year.
            {
              values: (_u, ticks) => ticks.map((t) => (labelled(t) ? (months[t]?.split(' ')[0] ?? '') : '')),
              splits: () => xs,
              grid: { show: false },
            },
            { size: 56, values: (_u, ticks) => ticks.map((t) => (t >= 1e6 ? `${t / 1e6} jt` : t >= 1e3 ? `${t / 1e3} rb` : String(t))) },
          ],
          series: [
            {},
            ...order.map((s) => ({
              label: series[s]!.label,
              fill: series[s]!.color,
              stroke: series[s]!.color,
              paths: bars,
              points: { show: false },
            })),
          ],
          hooks: {
            setCursor: [
              (u) => {
                const idx = u.cursor.idx;
                const w = u.over.offsetLeft + u.over.clientWidth;
                setTip(idx == null ? null : { idx, left: Math.min(w - 70, Math.max(70, u.over.offsetLeft + u.valToPos(idx, 'x'))) });
              },
            ],
          },
        },
        [xs, ...order.map((s) => (stacked ? sums[s]! : series[s]!.values))],
        el,
      );
      // A finger moves the cursor as the mouse does.
      const over = plot.over;
      const touch = (e: PointerEvent) => {
        lastPointer = e.pointerType;
        if (e.pointerType === 'mouse') return;
        const r = over.getBoundingClientRect();
        plot!.setCursor({ left: e.clientX - r.left, top: e.clientY - r.top });
      };
      over.addEventListener('pointerdown', touch);
      over.addEventListener('pointermove', touch);
      observer = new ResizeObserver(() => plot?.setSize({ width: width(), height: 200 }));
      observer.observe(el);
      setDrawn(true);
    })();
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [months, series, stacked]);

  return (
    <figure className="month-chart" id={id} data-drawn={drawn ? 'true' : undefined}>
      <div className="month-chart-plot" ref={box} aria-hidden="true">
        {tip && (
          <div className="month-chart-tip" role="presentation" style={{ left: `${tip.left}px` }}>
            <strong>{months[tip.idx]}</strong>
            {series.map((s) => (
              <span key={s.label}>
                <i style={{ background: s.color }} /> {s.label}: {s.texts[tip.idx]}
              </span>
            ))}
          </div>
        )}
      </div>
      {series.length > 1 && (
        <p className="month-chart-legend" aria-hidden="true">
          {series.map((s) => (
            <span key={s.label}>
              <i style={{ background: s.color }} /> {s.label}{' '}
            </span>
          ))}
        </p>
      )}
      <div className={drawn ? 'sr-only print-only-table' : 'month-chart-scroll'}>
        <table className="month-chart-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{periodLabel}</th>
              {series.map((s) => (
                <th scope="col" key={s.label}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((m, i) => (
              <tr key={m}>
                <th scope="row">{m}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.texts[i]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
