import { type AreaSpec, COLOURS } from './catalog-types';

const BRANDS = ['IronForge', 'Corefit', 'Kinetix', 'Flexpoint', 'Titanlift'];
const MODELS = ['Pro', 'Core', 'Elite', 'Studio', 'Home', 'Max', 'Flex', 'Power', 'Prime', 'Active'];

export const FITNESS: AreaSpec = {
  slug: 'fitness-essentials',
  name: ['Fitness Essentials', 'Fitness-Grundausstattung', 'Essentiels du fitness'],
  features: [
    ['Gym-grade build quality', 'Studioqualität', 'Qualité salle de sport'],
    ['Space-saving design', 'Platzsparendes Design', 'Design peu encombrant'],
    [
      'Free training plan in the app',
      'Kostenloser Trainingsplan in der App',
      "Programme d'entraînement gratuit dans l'appli",
    ],
    ['Easy to clean', 'Leicht zu reinigen', 'Facile à nettoyer'],
  ],
  children: [
    {
      slug: 'dumbbells',
      name: ['Dumbbells & Weights', 'Hanteln & Gewichte', 'Haltères et poids'],
      types: [
        ['Adjustable Dumbbell', 'Verstellbare Hantel', 'Haltère réglable'],
        ['Hex Dumbbell', 'Hex-Hantel', 'Haltère hexagonal'],
        ['Weight Plate', 'Hantelscheibe', 'Disque de musculation'],
        ['Barbell', 'Langhantel', 'Barre de musculation'],
      ],
      brands: BRANDS,
      models: MODELS,
      price: [19, 449],
      use: 'strength training at home or in the gym',
      pitch: ['Knurled chrome handles give a secure grip.', 'Rubber-coated heads protect your floor.'],
      features: [
        'Rubber-coated heads',
        'Knurled chrome handle',
        'Hexagonal shape: no rolling',
        'Quick-select weight dial',
      ],
      specs: [['Material', ['Cast iron, rubber coated', 'Steel, chrome plated', 'Urethane']]],
      weightKg: [2, 40],
      important: 'Check collars and locks before every set.',
      variants: {
        share: 0.8,
        groups: [
          {
            group: 'Weight',
            options: ['2.5 kg', '5 kg', '7.5 kg', '10 kg', '12.5 kg', '15 kg', '20 kg'],
            pick: [3, 5],
            step: 800,
          },
        ],
      },
    },
    {
      slug: 'kettlebells',
      name: ['Kettlebells', 'Kettlebells', 'Kettlebells'],
      types: [
        ['Cast Iron Kettlebell', 'Gusseisen-Kettlebell', 'Kettlebell en fonte'],
        ['Competition Kettlebell', 'Wettkampf-Kettlebell', 'Kettlebell de compétition'],
      ],
      brands: BRANDS,
      models: MODELS,
      price: [24, 139],
      use: 'swings, snatches and full-body conditioning',
      pitch: ['A wide, smooth handle for two-handed swings.', 'Flat base for stable storage and renegade rows.'],
      features: ['Powder-coated finish', 'Wide handle', 'Flat base', 'Colour-coded by weight'],
      specs: [['Material', ['Cast iron', 'Steel (competition)']]],
      weightKg: [4, 32],
      important: 'Learn the swing technique first; never swing over a glass surface.',
      variants: {
        share: 0.9,
        groups: [
          { group: 'Weight', options: ['8 kg', '12 kg', '16 kg', '20 kg', '24 kg', '32 kg'], pick: [3, 5], step: 1200 },
        ],
      },
    },
    {
      slug: 'yoga-and-pilates',
      name: ['Yoga & Pilates', 'Yoga & Pilates', 'Yoga et Pilates'],
      types: [
        ['Yoga Mat', 'Yogamatte', 'Tapis de yoga'],
        ['Yoga Block', 'Yogablock', 'Brique de yoga'],
        ['Pilates Ring', 'Pilatesring', 'Cercle de Pilates'],
      ],
      brands: ['Lotusline', 'Flexpoint', 'Corefit'],
      models: MODELS,
      price: [12, 119],
      use: 'yoga flows, pilates classes and stretching',
      pitch: ['A natural rubber base that does not slip.', 'Alignment lines help you place hands and feet.'],
      features: ['Non-slip natural rubber', 'Alignment lines', 'Carry strap included', 'Free of PVC'],
      specs: [
        ['Material', ['Natural rubber', 'TPE', 'Cork', 'EVA foam']],
        ['Dimensions', ['183 × 61 cm', '185 × 68 cm', '23 × 15 × 7.5 cm']],
      ],
      weightKg: [0.2, 2.6],
      important: 'Clean with a damp cloth; avoid direct sunlight, which ages natural rubber.',
      variants: {
        share: 0.6,
        groups: [
          { group: 'Thickness', options: ['3 mm', '4 mm', '6 mm', '8 mm'], pick: [2, 3], step: 500 },
          { group: 'Colour', options: COLOURS, pick: [2, 4] },
        ],
      },
    },
    {
      slug: 'resistance-bands',
      name: ['Resistance Bands', 'Widerstandsbänder', 'Bandes de résistance'],
      types: [
        ['Resistance Band Set', 'Widerstandsband-Set', 'Set de bandes de résistance'],
        ['Mini Band', 'Miniband', 'Mini bande'],
        ['Pull-up Band', 'Klimmzugband', 'Bande de traction'],
      ],
      brands: BRANDS,
      models: MODELS,
      price: [9, 59],
      use: 'mobility work, assisted pull-ups and travel workouts',
      pitch: ['Layered natural latex resists snapping.', 'Light enough to take on every trip.'],
      features: ['Layered natural latex', 'Door anchor included', 'Padded handles', 'Exercise poster'],
      specs: [['Material', ['Natural latex', 'Fabric-covered latex']]],
      weightKg: [0.1, 1],
      important: 'Contains latex. Check bands for cracks before use.',
      variants: {
        share: 0.7,
        groups: [
          { group: 'Resistance', options: ['Light', 'Medium', 'Heavy', 'Extra Heavy'], pick: [3, 4], step: 200 },
        ],
      },
    },
    {
      slug: 'cardio-machines',
      name: ['Cardio Machines', 'Cardiogeräte', 'Appareils de cardio'],
      types: [
        ['Treadmill', 'Laufband', 'Tapis de course'],
        ['Rowing Machine', 'Rudergerät', 'Rameur'],
        ['Exercise Bike', 'Heimtrainer', "Vélo d'appartement"],
        ['Cross Trainer', 'Crosstrainer', 'Vélo elliptique'],
      ],
      brands: BRANDS,
      models: MODELS,
      price: [299, 2499],
      use: 'daily cardio without leaving home',
      pitch: ['Quiet magnetic resistance, even in a flat.', 'Folds flat and rolls away on transport wheels.'],
      features: [
        'Magnetic resistance',
        'Bluetooth app connection',
        'Heart-rate chest strap support',
        'Foldable frame',
        'Transport wheels',
      ],
      specs: [
        ['Max user weight', ['110 kg', '130 kg', '150 kg']],
        ['Resistance levels', ['16', '24', '32']],
        ['Dimensions', ['180 × 80 × 135 cm', '200 × 55 × 100 cm', '120 × 60 × 140 cm']],
      ],
      weightKg: [28, 95],
      important: 'Delivered by freight to the kerb; assembly takes two people about an hour.',
    },
    {
      slug: 'recovery',
      name: ['Recovery & Massage', 'Regeneration & Massage', 'Récupération et massage'],
      types: [
        ['Foam Roller', 'Faszienrolle', 'Rouleau de massage'],
        ['Massage Gun', 'Massagepistole', 'Pistolet de massage'],
        ['Massage Ball', 'Massageball', 'Balle de massage'],
      ],
      brands: ['Corefit', 'Kinetix', 'Recova'],
      models: MODELS,
      price: [12, 249],
      use: 'warm-ups, cool-downs and sore muscles',
      pitch: ['Variable density foam reaches deep tissue.', 'Five speeds and four heads for every muscle group.'],
      features: ['Textured surface', 'Five speed settings', 'Four attachment heads', 'Travel case'],
      specs: [
        ['Battery', ['2500 mAh', 'n/a']],
        ['Noise', ['< 45 dB', 'n/a']],
      ],
      weightKg: [0.15, 1.1],
      important: 'Do not use on injuries, bones or joints; consult a doctor if pain persists.',
    },
  ],
};
