/**
 * Line pictograms drawn on a 200 × 200 grid, meant to be stroked (no fill) in one colour.
 * Each is a fragment of SVG elements; svg.ts scales and places it.
 */
export const PICTOGRAMS = {
  tent: '<path d="M10 160H190"/><path d="M25 160L100 40L175 160"/><path d="M100 40V60"/><path d="M80 160L100 105L120 160"/>',
  bike: '<circle cx="50" cy="130" r="35"/><circle cx="150" cy="130" r="35"/><path d="M50 130L82 78H135L150 130"/><path d="M82 78L100 130L135 78"/><path d="M50 130H100"/><path d="M82 78L76 62M66 62H90"/><path d="M135 78L128 58H148"/>',
  dumbbell:
    '<path d="M40 100H160"/><rect x="22" y="62" width="18" height="76" rx="5"/><rect x="160" y="62" width="18" height="76" rx="5"/><rect x="44" y="74" width="14" height="52" rx="4"/><rect x="142" y="74" width="14" height="52" rx="4"/>',
  kettlebell: '<circle cx="100" cy="122" r="52"/><path d="M68 84C60 30 140 30 132 84"/><path d="M82 122H118"/>',
  shoe: '<path d="M18 142V100C40 100 60 90 74 68L112 80C122 108 160 110 182 124V142Z"/><path d="M18 142H182"/><path d="M82 84L92 96M94 80L104 92"/>',
  boot: '<path d="M48 28H102L106 108C140 114 176 120 182 146V162H44Z"/><path d="M44 146H182"/><path d="M70 50H100M70 72H102M70 94H104"/>',
  laptop: '<rect x="45" y="45" width="110" height="76" rx="6"/><path d="M25 132H175L164 152H36Z"/>',
  monitor: '<rect x="22" y="34" width="156" height="102" rx="8"/><path d="M100 136V160M68 166H132"/>',
  keyboard:
    '<rect x="18" y="62" width="164" height="80" rx="10"/><path d="M40 86H48M64 86H72M88 86H96M112 86H120M136 86H144M152 86H160M48 104H56M72 104H80M96 104H104M120 104H128M144 104H152M62 122H138"/>',
  mouse: '<rect x="62" y="32" width="76" height="136" rx="38"/><path d="M100 32V82M62 82H138"/><path d="M100 50V62"/>',
  drive:
    '<rect x="32" y="52" width="136" height="96" rx="12"/><path d="M54 80H124M54 102H104"/><circle cx="144" cy="124" r="6"/>',
  router:
    '<rect x="28" y="108" width="144" height="48" rx="10"/><path d="M60 108L50 52M140 108L150 52"/><path d="M58 132H60M80 132H82M102 132H104"/><path d="M80 78Q100 62 120 78M88 92Q100 84 112 92"/>',
  backpack:
    '<rect x="48" y="48" width="104" height="124" rx="32"/><rect x="70" y="112" width="60" height="40" rx="10"/><path d="M84 48C84 26 116 26 116 48"/><path d="M70 112V96H130V112"/>',
  sleepingbag:
    '<path d="M70 28C130 18 154 60 142 172H58C46 60 56 34 70 28Z"/><ellipse cx="100" cy="62" rx="24" ry="16"/><path d="M122 88V166"/>',
  pot: '<path d="M40 80H160V140C160 154 150 162 138 162H62C50 162 40 154 40 140Z"/><path d="M40 96H24M160 96H176"/><path d="M56 80C62 64 138 64 144 80"/><path d="M82 52C72 42 92 34 82 22M114 52C104 42 124 34 114 22"/>',
  lamp: '<ellipse cx="90" cy="112" rx="68" ry="34"/><rect x="68" y="86" width="48" height="42" rx="10"/><path d="M124 98L176 82M124 107H180M124 116L176 132"/>',
  carabiner:
    '<path d="M84 30C44 30 40 62 50 100L64 152C70 176 112 176 120 152L150 62C156 36 136 26 110 30Z"/><path d="M140 74L112 148"/>',
  ball: '<circle cx="100" cy="100" r="70"/><path d="M100 74L124 92L115 120H85L76 92Z"/><path d="M100 74V32M124 92L164 80M115 120L138 156M85 120L62 156M76 92L36 80"/>',
  racket:
    '<ellipse cx="100" cy="76" rx="46" ry="56"/><path d="M100 22V130M56 76H144M78 32V120M122 32V120M60 54H140M60 98H140"/><path d="M100 132V186"/>',
  basketball:
    '<circle cx="100" cy="100" r="70"/><path d="M30 100H170M100 30V170"/><path d="M52 50C82 80 82 120 52 150M148 50C118 80 118 120 148 150"/>',
  goggles:
    '<ellipse cx="68" cy="100" rx="32" ry="25"/><ellipse cx="132" cy="100" rx="32" ry="25"/><path d="M100 96V96"/><path d="M36 100H14M164 100H186"/>',
  snowflake:
    '<path d="M100 28V172M38 64L162 136M38 136L162 64"/><path d="M84 42L100 58L116 42M84 158L100 142L116 158M44 86L66 80L60 58M156 114L134 120L140 142M44 114L66 120L60 142M156 86L134 80L140 58"/>',
  helmet:
    '<path d="M28 132C28 56 172 56 172 132Z"/><path d="M28 132H186"/><path d="M78 78L88 104M108 72L110 100M140 82L132 106"/>',
  mat: '<circle cx="58" cy="120" r="36"/><circle cx="58" cy="120" r="14"/><path d="M58 84H170V156H58"/>',
  band: '<rect x="22" y="58" width="22" height="52" rx="8"/><rect x="156" y="58" width="22" height="52" rx="8"/><path d="M44 84C78 156 122 156 156 84"/><path d="M44 96C80 170 120 170 156 96"/>',
  pulse:
    '<path d="M100 166C20 112 28 40 100 70C172 40 180 112 100 166Z"/><path d="M40 106H74L88 80L102 130L116 94H160"/>',
  roller: '<rect x="26" y="74" width="148" height="52" rx="26"/><path d="M60 74V126M90 74V126M120 74V126M150 74V126"/>',
  jacket:
    '<path d="M70 30L100 50L130 30L164 44L180 150L150 156L140 96V170H60V96L50 156L20 150L36 44Z"/><path d="M100 50V170"/><path d="M74 120H88M112 120H126"/>',
  shirt: '<path d="M70 30C80 46 120 46 130 30L176 54L160 90L140 80V170H60V80L40 90L24 54Z"/>',
  shorts: '<path d="M44 40H156L172 160H112L100 92L88 160H28Z"/><path d="M44 58H156"/>',
  watch:
    '<rect x="58" y="58" width="84" height="84" rx="20"/><path d="M74 58V24H126V58M74 142V176H126V142"/><path d="M100 100V78M100 100L116 110"/>',
  headphones:
    '<path d="M42 118V100C42 30 158 30 158 100V118"/><rect x="26" y="108" width="32" height="54" rx="12"/><rect x="142" y="108" width="32" height="54" rx="12"/>',
  bottle:
    '<path d="M84 24H116V44C134 54 140 64 140 84V164C140 174 132 180 124 180H76C68 180 60 174 60 164V84C60 64 66 54 84 44Z"/><path d="M60 108H140M60 140H140"/>',
  sunglasses:
    '<path d="M18 80H90C90 118 76 130 56 130C34 130 18 116 18 80Z"/><path d="M110 80H182C182 116 166 130 144 130C124 130 110 118 110 80Z"/><path d="M90 86C96 78 104 78 110 86"/>',
  camera:
    '<rect x="32" y="60" width="136" height="92" rx="14"/><circle cx="100" cy="106" r="30"/><circle cx="100" cy="106" r="12"/><path d="M58 60V46H90V60"/><circle cx="146" cy="80" r="4"/>',
  mountain:
    '<path d="M12 166L74 58L104 110L130 78L188 166Z"/><path d="M60 82L74 94L88 82"/><circle cx="150" cy="44" r="14"/>',
  trophy:
    '<path d="M64 32H136V78C136 112 64 112 64 78Z"/><path d="M64 48H42C38 76 54 88 68 90M136 48H158C162 76 146 88 132 90"/><path d="M100 106V138"/><path d="M80 138H120V162H80Z"/><path d="M66 170H134"/>',
  bag: '<path d="M44 70H156L146 176H54Z"/><path d="M74 70C74 28 126 28 126 70"/>',
} as const;

export type Pictogram = keyof typeof PICTOGRAMS;

// First match wins, so the more specific words come first ("laptop" before "top",
// "helmet" before "cycling", "running-shoes" before "running").
const RULES: [RegExp, Pictogram][] = [
  [/tent/, 'tent'],
  [/sleeping/, 'sleepingbag'],
  [/backpack|daypack/, 'backpack'],
  [/cook|stove|pot/, 'pot'],
  [/headlamp|lantern|lamp/, 'lamp'],
  [/climb|rope|carabiner/, 'carabiner'],
  [/helmet/, 'helmet'],
  [/bike|cycl|bicycle/, 'bike'],
  [/football|soccer/, 'ball'],
  [/racket|tennis|badminton|padel|squash/, 'racket'],
  [/basketball/, 'basketball'],
  [/swim|goggle/, 'goggles'],
  [/winter|ski|snow/, 'snowflake'],
  [/kettlebell/, 'kettlebell'],
  [/dumbbell|weight|barbell/, 'dumbbell'],
  [/yoga|pilates|mat/, 'mat'],
  [/band/, 'band'],
  [/cardio|treadmill|rowing/, 'pulse'],
  [/recovery|massage|roller/, 'roller'],
  [/boot/, 'boot'],
  [/shoe|sneaker|footwear/, 'shoe'],
  [/jacket|coat/, 'jacket'],
  [/short|legging|trouser/, 'shorts'],
  [/watch|tracker/, 'watch'],
  [/headphone|earbud|audio/, 'headphones'],
  [/bottle|hydration/, 'bottle'],
  [/sunglass|glasses/, 'sunglasses'],
  [/camera/, 'camera'],
  [/laptop|notebook|ultrabook/, 'laptop'],
  [/monitor|display|screen/, 'monitor'],
  [/keyboard/, 'keyboard'],
  [/mice|mouse/, 'mouse'],
  [/storage|ssd|drive/, 'drive'],
  [/network|router|wifi|switch/, 'router'],
  [/base-layer|top|shirt|jersey|apparel/, 'shirt'],
  [/outdoor|adventure|hiking|camp/, 'mountain'],
  [/fitness/, 'dumbbell'],
  [/sport/, 'trophy'],
  [/accessor|tech/, 'watch'],
  [/computer/, 'laptop'],
];

/** The pictogram for the first of `slugs` (most specific first) that matches a rule. */
export function pictogramFor(...slugs: (string | null | undefined)[]): Pictogram {
  for (const slug of slugs) {
    if (!slug) continue;
    const rule = RULES.find(([pattern]) => pattern.test(slug.toLowerCase()));
    if (rule) return rule[1];
  }
  return 'bag';
}
