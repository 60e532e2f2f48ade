/**
 * Demo pictures for SEED_DEMO, drawn as SVG and turned into JPEG by sharp (no network, no
 * bundled photos): one recognisable scene per post, so the demo blog looks lived-in.
 */
export type Rnd = () => number;
const W = 1200;
const H = 800;

const sky = (top: string, bottom: string, id = "sky") =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#${id})"/>`;

const ridgeLine = (rnd: Rnd, base: number, amp: number, steps = 10) => {
  const pts: string[] = [`0,${H}`];
  for (let i = 0; i <= steps; i++)
    pts.push(`${Math.round((W / steps) * i)},${Math.round(base - rnd() * amp)}`);
  pts.push(`${W},${H}`);
  return pts.join(" ");
};

function harbour(rnd: Rnd): string {
  const boats = [180, 520, 860]
    .map((x, i) => {
      const y = 560 + i * 40;
      const s = 1 - i * 0.15;
      return `<g transform="translate(${x} ${y}) scale(${s})"><polygon points="-110,0 110,0 80,40 -80,40" fill="#2f4858"/><line x1="0" y1="0" x2="0" y2="-190" stroke="#2f4858" stroke-width="6"/><polygon points="6,-180 6,-10 110,-10" fill="#fdf6e3"/><polygon points="-6,-160 -6,-10 -80,-10" fill="#f1e4c8"/></g>`;
    })
    .join("");
  const glints = Array.from({ length: 14 }, (_, i) => {
    const y = 500 + i * 20;
    const w = 160 - i * 9 + rnd() * 30;
    return `<rect x="${640 - w / 2}" y="${y}" width="${w}" height="5" rx="2" fill="#fff3b0" opacity="${0.75 - i * 0.045}"/>`;
  }).join("");
  return `${sky("#f6d365", "#fda085")}<circle cx="640" cy="470" r="90" fill="#fff3b0"/>
<rect y="480" width="${W}" height="320" fill="#5b7c99"/><rect y="480" width="${W}" height="8" fill="#46637d"/>
<rect x="0" y="440" width="330" height="44" fill="#3d556b"/><rect x="270" y="380" width="30" height="64" fill="#3d556b"/><rect x="263" y="372" width="44" height="12" fill="#e76f51"/>
${glints}${boats}`;
}

function sourdough(rnd: Rnd): string {
  const planks = Array.from(
    { length: 6 },
    (_, i) => `<rect y="${i * 140}" width="${W}" height="136" fill="${i % 2 ? "#8b5a3c" : "#7f5539"}"/>`,
  ).join("");
  const flour = Array.from(
    { length: 90 },
    () =>
      `<circle cx="${200 + rnd() * 800}" cy="${560 + rnd() * 180}" r="${2 + rnd() * 4}" fill="#fefae0" opacity="0.8"/>`,
  ).join("");
  return `${planks}<ellipse cx="600" cy="470" rx="460" ry="260" fill="#d4a373"/><ellipse cx="600" cy="460" rx="430" ry="235" fill="#e0b487"/>
<ellipse cx="600" cy="500" rx="330" ry="170" fill="#5c3a1e" opacity="0.35"/>
<ellipse cx="600" cy="440" rx="320" ry="190" fill="#b5763c"/><ellipse cx="590" cy="410" rx="290" ry="150" fill="#c98b4c"/>
<path d="M390 360 Q600 300 810 360" stroke="#f3dcb2" stroke-width="20" fill="none" stroke-linecap="round"/>
<path d="M420 430 Q600 370 780 430" stroke="#f3dcb2" stroke-width="18" fill="none" stroke-linecap="round"/>
<path d="M470 495 Q600 450 730 495" stroke="#f3dcb2" stroke-width="14" fill="none" stroke-linecap="round"/>${flour}`;
}

const leafCluster = (rnd: Rnd, cx: number, cy: number, r: number, colours: string[]) =>
  Array.from({ length: 7 }, () => {
    const c = colours[Math.floor(rnd() * colours.length)];
    return `<circle cx="${cx + (rnd() - 0.5) * r * 1.6}" cy="${cy + (rnd() - 0.5) * r}" r="${r * (0.45 + rnd() * 0.35)}" fill="${c}"/>`;
  }).join("");

function beds(rnd: Rnd): string {
  const bed = (x: number, y: number, w: number, h: number) => {
    const plants = Array.from({ length: 5 }, (_, i) =>
      leafCluster(rnd, x + 50 + (i * (w - 100)) / 4, y - 20, 48, [
        "#386641",
        "#4f772d",
        "#6a994e",
        "#90a955",
      ]),
    ).join("");
    return `${plants}<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#bc6c25"/>${[1, 2].map((k) => `<rect x="${x}" y="${y + (h / 3) * k - 3}" width="${w}" height="6" fill="#8c4f1a"/>`).join("")}<rect x="${x}" y="${y - 14}" width="${w}" height="16" fill="#4a2c17"/>`;
  };
  return `${sky("#cfe8ff", "#eaf6e0")}<polygon points="${ridgeLine(rnd, 360, 60)}" fill="#a7c957"/><rect y="420" width="${W}" height="380" fill="#6a994e"/>
${bed(90, 470, 460, 180)}${bed(650, 520, 460, 180)}`;
}

function boards(rnd: Rnd): string {
  const colours = ["#d4a373", "#c8925e", "#ddb07f", "#bc8a55", "#e3bb8c"];
  const planks = Array.from({ length: 8 }, (_, i) => {
    const y = 130 + i * 72;
    const x = 120 + rnd() * 60;
    const grain = Array.from(
      { length: 4 },
      (_, k) =>
        `<path d="M${x + 30} ${y + 14 + k * 12} Q ${x + 400} ${y + 8 + k * 12 + rnd() * 10} ${x + 900} ${y + 14 + k * 12}" stroke="#9c6b3c" stroke-width="2" fill="none" opacity="0.5"/>`,
    ).join("");
    return `<rect x="${x}" y="${y}" width="940" height="64" rx="6" fill="${colours[i % colours.length]}"/>${grain}<rect x="${x}" y="${y + 56}" width="940" height="8" rx="3" fill="#6f4518" opacity="0.35"/>`;
  }).join("");
  const screws = Array.from(
    { length: 12 },
    () =>
      `<circle cx="${140 + rnd() * 920}" cy="${730 + rnd() * 40}" r="9" fill="#9aa5ad" stroke="#5c666e" stroke-width="3"/>`,
  ).join("");
  return `<rect width="${W}" height="${H}" fill="#faedcd"/><rect y="700" width="${W}" height="100" fill="#e9d8b4"/>${planks}${screws}`;
}

function ridge(rnd: Rnd): string {
  return `${sky("#89c2d9", "#e0f2f7")}<circle cx="880" cy="170" r="70" fill="#f9f7f3" opacity="0.9"/>
<polygon points="${ridgeLine(rnd, 430, 160, 7)}" fill="#8fb8cf"/><polygon points="${ridgeLine(rnd, 540, 120, 9)}" fill="#468faf"/>
<polygon points="${ridgeLine(rnd, 660, 80, 12)}" fill="#2a6f97"/>
<path d="M-20 800 C 300 700, 420 690, 640 640 S 1000 560, 1220 520" stroke="#e9d8a6" stroke-width="14" fill="none" stroke-dasharray="2 0"/>
<g fill="#013a63"><rect x="700" y="580" width="12" height="38" rx="5"/><circle cx="706" cy="572" r="9"/><rect x="730" y="574" width="12" height="40" rx="5"/><circle cx="736" cy="565" r="9"/></g>`;
}

function bike(rnd: Rnd): string {
  const wheel = (cx: number) =>
    `<circle cx="${cx}" cy="560" r="150" fill="none" stroke="#2b2d42" stroke-width="16"/><circle cx="${cx}" cy="560" r="14" fill="#2b2d42"/>${Array.from(
      { length: 12 },
      (_, i) => {
        const a = (i * Math.PI) / 6;
        return `<line x1="${cx}" y1="560" x2="${(cx + Math.cos(a) * 142).toFixed(1)}" y2="${(560 + Math.sin(a) * 142).toFixed(1)}" stroke="#8d99ae" stroke-width="3"/>`;
      },
    ).join("")}`;
  const shed = Array.from(
    { length: 12 },
    (_, i) =>
      `<rect x="${i * 100}" y="0" width="${96 + Math.round(rnd() * 2)}" height="720" fill="${i % 2 ? "#cdb4db" : "#c3a6d4"}"/>`,
  ).join("");
  return `${shed}<rect y="700" width="${W}" height="100" fill="#5e548e"/>${wheel(360)}${wheel(840)}
<g stroke="#c1121f" stroke-width="20" stroke-linecap="round" fill="none"><path d="M360 560 L520 330 L780 330 L840 560"/><path d="M360 560 L600 560 L780 330"/><path d="M520 330 L600 560"/><path d="M760 270 L780 330"/></g>
<path d="M470 300 L570 300" stroke="#2b2d42" stroke-width="22" stroke-linecap="round"/><path d="M740 260 Q770 240 810 250" stroke="#2b2d42" stroke-width="14" fill="none" stroke-linecap="round"/>
<circle cx="600" cy="560" r="34" fill="none" stroke="#2b2d42" stroke-width="10"/>`;
}

function patch(rnd: Rnd): string {
  const rows = Array.from({ length: 5 }, (_, r) => {
    const y = 380 + r * 85;
    const soil = `<rect x="0" y="${y}" width="${W}" height="60" fill="${r % 2 ? "#6b4226" : "#7a4b2a"}"/>`;
    const plants = Array.from({ length: 9 }, (_, i) =>
      leafCluster(rnd, 70 + i * 132 + (r % 2) * 50, y - 4, 26 + r * 4, [
        "#52b788",
        "#40916c",
        "#74c69d",
        "#2d6a4f",
      ]),
    ).join("");
    return soil + plants;
  }).join("");
  return `${sky("#9bf6ff", "#e8fff5")}<circle cx="200" cy="140" r="60" fill="#fffbe6"/><polygon points="${ridgeLine(rnd, 320, 50)}" fill="#95d5b2"/><rect y="340" width="${W}" height="460" fill="#5a3820"/>${rows}`;
}

function lisbon(rnd: Rnd): string {
  const walls = ["#fff1d0", "#ffd6a5", "#f4f1de", "#fcd5ce", "#e9edc9", "#ffe8a3"];
  const rowsSvg = [300, 430, 560, 690]
    .map((base, r) => {
      let x = -40 + r * 30;
      let out = "";
      while (x < W) {
        const w = 120 + rnd() * 80;
        const h = 130 + rnd() * 60;
        const top = base - h + 60;
        out += `<rect x="${x}" y="${top}" width="${w}" height="${h + 200}" fill="${walls[Math.floor(rnd() * walls.length)]}"/>`;
        out += `<polygon points="${x - 10},${top} ${x + w / 2},${top - 50} ${x + w + 10},${top}" fill="${rnd() > 0.5 ? "#e76f51" : "#c8553d"}"/>`;
        for (let k = 0; k < Math.floor(w / 50); k++)
          out += `<rect x="${x + 18 + k * 48}" y="${top + 30}" width="24" height="34" fill="#264653" opacity="0.8"/>`;
        x += w + 6;
      }
      return out;
    })
    .join("");
  return `${sky("#8ecae6", "#ffe5b4")}<circle cx="980" cy="120" r="55" fill="#fff1d0"/>${rowsSvg}`;
}

function tram(rnd: Rnd): string {
  const houses = Array.from(
    { length: 7 },
    (_, i) =>
      `<rect x="${i * 180}" y="${120 + rnd() * 60}" width="176" height="600" fill="${["#f4a261", "#e9c46a", "#fefae0", "#e76f51"][i % 4]}"/><rect x="${i * 180 + 40}" y="240" width="40" height="60" fill="#264653" opacity="0.7"/><rect x="${i * 180 + 100}" y="240" width="40" height="60" fill="#264653" opacity="0.7"/>`,
  ).join("");
  const windows = Array.from(
    { length: 6 },
    (_, i) => `<rect x="${300 + i * 105}" y="400" width="80" height="90" rx="8" fill="#cfe8f3"/>`,
  ).join("");
  return `${sky("#a8dadc", "#fffbe6")}${houses}<rect y="640" width="${W}" height="160" fill="#6c757d"/><rect y="680" width="${W}" height="8" fill="#adb5bd"/><rect y="730" width="${W}" height="8" fill="#adb5bd"/>
<line x1="0" y1="150" x2="${W}" y2="170" stroke="#264653" stroke-width="4"/><line x1="600" y1="165" x2="560" y2="340" stroke="#264653" stroke-width="5"/><line x1="600" y1="165" x2="640" y2="340" stroke="#264653" stroke-width="5"/>
<rect x="260" y="340" width="700" height="330" rx="40" fill="#ffd000"/><rect x="260" y="560" width="700" height="40" fill="#f2f2f2"/><rect x="260" y="600" width="700" height="60" rx="10" fill="#ffd000"/>
${windows}<rect x="880" y="400" width="60" height="170" rx="6" fill="#cfe8f3"/><text x="320" y="390" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" font-weight="bold" fill="#264653">28</text>
<circle cx="380" cy="680" r="34" fill="#212529"/><circle cx="840" cy="680" r="34" fill="#212529"/>`;
}

function herbs(rnd: Rnd): string {
  const pot = (x: number, colours: string[], r: number) =>
    `${leafCluster(rnd, x, 430, r, colours)}${leafCluster(rnd, x, 380, r * 0.8, colours)}<polygon points="${x - 95},480 ${x + 95},480 ${x + 70},640 ${x - 70},640" fill="#c8553d"/><rect x="${x - 105}" y="470" width="210" height="34" rx="6" fill="#b5452f"/>`;
  return `<rect width="${W}" height="${H}" fill="#f1faee"/><rect x="120" y="40" width="960" height="600" fill="#95d5b2"/>
<defs><linearGradient id="out" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bde0fe"/><stop offset="1" stop-color="#d8f3dc"/></linearGradient></defs><rect x="150" y="70" width="900" height="560" fill="url(#out)"/>
<rect x="590" y="70" width="20" height="560" fill="#f1faee"/><rect x="150" y="330" width="900" height="16" fill="#f1faee"/>
${pot(290, ["#40916c", "#2d6a4f", "#52b788"], 70)}${pot(600, ["#74c69d", "#95d5b2", "#52b788"], 60)}${pot(910, ["#1b4332", "#2d6a4f", "#40916c"], 75)}
<rect x="60" y="636" width="1080" height="50" fill="#e9ecef"/><rect x="60" y="686" width="1080" height="114" fill="#dee2e6"/>`;
}

function market(rnd: Rnd): string {
  const stripes = Array.from(
    { length: 12 },
    (_, i) =>
      `<rect x="${i * 100}" y="60" width="100" height="170" fill="${i % 2 ? "#fff5f7" : "#e63946"}"/><circle cx="${i * 100 + 50}" cy="230" r="50" fill="${i % 2 ? "#fff5f7" : "#e63946"}"/>`,
  ).join("");
  const crate = (x: number, fruit: string[]) => {
    const balls = Array.from(
      { length: 16 },
      (_, k) =>
        `<circle cx="${x + 40 + (k % 6) * 50 + (Math.floor(k / 6) % 2) * 25}" cy="${520 - Math.floor(k / 6) * 38 + rnd() * 6}" r="28" fill="${fruit[Math.floor(rnd() * fruit.length)]}"/>`,
    ).join("");
    return `${balls}<rect x="${x}" y="520" width="330" height="120" fill="#a47148"/><rect x="${x}" y="560" width="330" height="8" fill="#7f5539"/>`;
  };
  return `<rect width="${W}" height="${H}" fill="#ffcad4"/><rect y="280" width="${W}" height="400" fill="#fff0e6"/>${stripes}
<rect x="40" y="270" width="16" height="420" fill="#5e3c58"/><rect x="1144" y="270" width="16" height="420" fill="#5e3c58"/>
${crate(60, ["#f4a261", "#fb8500", "#ffb703"])}${crate(435, ["#e63946", "#d62828", "#f77f00"])}${crate(810, ["#90be6d", "#43aa8b", "#b5e48c"])}
<rect y="640" width="${W}" height="160" fill="#9d8189"/>`;
}

function hills(rnd: Rnd): string {
  const trees = (base: number, count: number, size: number) =>
    Array.from({ length: count }, () => {
      const x = rnd() * W;
      const y = base + rnd() * 40;
      const c = ["#bb3e03", "#ca6702", "#ee9b00", "#ae2012", "#e9d8a6"][Math.floor(rnd() * 5)];
      return `<rect x="${x - size * 0.08}" y="${y}" width="${size * 0.16}" height="${size * 0.7}" fill="#432818"/><circle cx="${x}" cy="${y - size * 0.1}" r="${size * 0.5}" fill="${c}"/>`;
    }).join("");
  return `${sky("#fec89a", "#fff4e6")}<circle cx="300" cy="190" r="70" fill="#fff4e6"/>
<polygon points="${ridgeLine(rnd, 420, 120, 8)}" fill="#e29578"/>${trees(400, 14, 50)}
<polygon points="${ridgeLine(rnd, 560, 90, 10)}" fill="#bb3e03"/>${trees(540, 12, 80)}
<polygon points="${ridgeLine(rnd, 700, 60, 12)}" fill="#6a040f"/>${trees(690, 8, 120)}`;
}

/** Scene key → SVG body (1200 × 800), drawn with a seeded random source. */
export const SCENES: Record<string, (rnd: Rnd) => string> = {
  harbour,
  sourdough,
  beds,
  boards,
  ridge,
  bike,
  patch,
  lisbon,
  tram,
  herbs,
  market,
  hills,
};

/** The whole SVG document of one scene; the same seed always draws the same picture. */
export function sceneSvg(key: string, seed: number): string {
  const draw = SCENES[key];
  if (!draw) throw new Error(`No demo scene called ${key}`);
  let s = seed;
  const rnd = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${draw(rnd)}</svg>`;
}
