import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface ChartSeries {
  label: string;
  values: number[];
  /** A CSS custom property of the theme (both themes define it), e.g. "--him". */
  colour: string;
}

const cssVar = (el: Element, name: string) => getComputedStyle(el).getPropertyValue(name).trim();

/**
 * A line chart drawn by uPlot (the studio's chunk only). The canvas is a picture: its numbers are
 * in the table beside it (ChartTable), which is what keyboards and screen readers use.
 */
export function LineChart({
  label,
  times,
  series,
}: {
  label: string;
  times: number[];
  series: ChartSeries[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    const draw = () => {
      plot?.destroy();
      const text = cssVar(el, "--text");
      const grid = cssVar(el, "--border");
      const axis = { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid } };
      plot = new uPlot(
        {
          width: Math.max(el.clientWidth, 280),
          height: 240,
          series: [
            {},
            ...series.map((s) => ({
              label: s.label,
              stroke: cssVar(el, s.colour),
              width: 2,
              points: { show: false },
            })),
          ],
          axes: [axis, axis],
          scales: { x: { time: true } },
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
        },
        [times, ...series.map((s) => s.values)],
        el,
      );
    };
    draw();
    // Redrawn in the other theme's colours, and at the new width.
    const themeWatch = new MutationObserver(draw);
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    const resize = new ResizeObserver(() =>
      plot?.setSize({ width: Math.max(el.clientWidth, 280), height: 240 }),
    );
    resize.observe(el);
    return () => {
      themeWatch.disconnect();
      resize.disconnect();
      plot?.destroy();
    };
  }, [times, series]);
  return <div ref={box} className="stats-chart" role="img" aria-label={label} />;
}
