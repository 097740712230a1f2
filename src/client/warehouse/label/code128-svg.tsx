// A Code 128 barcode drawn in SVG by JsBarcode: vector bars stay sharp at any printer's resolution. Its width is
// set in inches from the number of modules, so each bar is as wide on every label, with the quiet zones included.
import JsBarcode from 'jsbarcode';
import { useLayoutEffect, useRef } from 'react';

/** The narrowest bar: 0.04 in (≈ 1 mm, 8 dots of a 203 dpi thermal printer), well inside what scanners read. */
const MODULE_IN = 0.04;
/** JsBarcode's unit: SVG user units per module. */
const UNIT = 2;
/** Code 128 asks for a blank margin of at least 10 modules on each side. */
const QUIET_MODULES = 10;

export function Code128Svg({ value, label, heightIn }: { value: string; label: string; heightIn: number }) {
  const svg = useRef<SVGSVGElement>(null);

  useLayoutEffect(() => {
    const element = svg.current;
    if (!element) return;
    element.replaceChildren();
    JsBarcode(element, value, {
      format: 'CODE128',
      width: UNIT,
      height: 100,
      margin: 0,
      marginLeft: QUIET_MODULES * UNIT,
      marginRight: QUIET_MODULES * UNIT,
      displayValue: false,
      background: '#ffffff',
      lineColor: '#000000',
    });
    const modules = Number.parseFloat(element.getAttribute('width') ?? '0') / UNIT;
    // The viewBox JsBarcode wrote scales the drawing to the size set here (style via the CSSOM: our CSP allows it).
    element.removeAttribute('width');
    element.removeAttribute('height');
    element.setAttribute('preserveAspectRatio', 'none');
    element.style.width = `${modules * MODULE_IN}in`;
    element.style.height = `${heightIn}in`;
  }, [value, heightIn]);

  return <svg ref={svg} className="code128" role="img" aria-label={label} shapeRendering="crispEdges" />;
}
