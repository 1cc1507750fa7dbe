// Writes the terms of use as small PDFs (one per language) into src/web/public/terms/.
// Plain PDF 1.4 with the standard Helvetica font (WinAnsi, so French and Spanish accents work): no dependency.
import { writeFileSync } from 'node:fs';

const terms = {
  fr: {
    title: "Atlas Invest - Conditions d'utilisation",
    sections: [
      [
        '1. Objet',
        "Les présentes conditions régissent l'utilisation de la plateforme Atlas Invest, qui permet aux investisseurs inscrits de déposer des fonds, d'investir dans quatre domaines (crypto, trading, actions, immobilier), de retirer leurs fonds et d'effectuer des transferts internes.",
      ],
      [
        '2. Inscription',
        "L'inscription est réservée aux personnes âgées d'au moins 18 ans. Vous vous engagez à fournir des informations exactes et à garder votre mot de passe confidentiel. Chaque compte reçoit un identifiant unique (UID).",
      ],
      [
        '3. Risques',
        'Investir comporte des risques, y compris la perte totale du capital. Les rendements annoncés ou simulés sont indicatifs et ne constituent pas une promesse. Les performances passées ne préjugent pas des performances futures.',
      ],
      [
        '4. Dépôts et retraits',
        'Les dépôts sont crédités après vérification manuelle de la preuve de paiement (24 à 48 heures). Les retraits sont bloqués pendant les 30 jours qui suivent le premier investissement et sont traités sous 24 à 48 heures.',
      ],
      [
        '5. Investissements',
        "Un investissement ne peut être arrêté qu'après 5 jours complets. Les transferts internes entre utilisateurs sont instantanés et gratuits.",
      ],
      [
        '6. Sécurité',
        'Nous protégeons votre compte par des sessions sécurisées et une double authentification facultative. Signalez-nous sans délai toute utilisation non autorisée.',
      ],
      [
        '7. Données personnelles',
        'Vos données sont utilisées uniquement pour la gestion de votre compte et le respect de nos obligations légales. Vous pouvez demander leur consultation ou leur rectification.',
      ],
      [
        '8. Modification',
        'Ces conditions peuvent évoluer. La version en vigueur est toujours disponible sur la plateforme.',
      ],
    ],
  },
  en: {
    title: 'Atlas Invest - Terms of use',
    sections: [
      [
        '1. Purpose',
        'These terms govern the use of the Atlas Invest platform, which lets registered investors deposit funds, invest in four areas (crypto, trading, stocks, real estate), withdraw their funds and make internal transfers.',
      ],
      [
        '2. Registration',
        'Registration is open to people aged 18 or over. You agree to provide accurate information and to keep your password confidential. Each account receives a unique identifier (UID).',
      ],
      [
        '3. Risks',
        'Investing carries risks, including the total loss of capital. Advertised or simulated returns are indicative and are not a promise. Past performance does not predict future performance.',
      ],
      [
        '4. Deposits and withdrawals',
        'Deposits are credited after a manual check of the proof of payment (24 to 48 hours). Withdrawals are blocked for 30 days after the first investment and are processed within 24 to 48 hours.',
      ],
      [
        '5. Investments',
        'An investment can only be stopped after 5 full days. Internal transfers between users are instant and free.',
      ],
      [
        '6. Security',
        'We protect your account with secure sessions and optional two-factor authentication. Tell us at once about any unauthorised use.',
      ],
      [
        '7. Personal data',
        'Your data is used only to manage your account and meet our legal obligations. You may ask to see or correct it.',
      ],
      ['8. Changes', 'These terms may change. The version in force is always available on the platform.'],
    ],
  },
  es: {
    title: 'Atlas Invest - Condiciones de uso',
    sections: [
      [
        '1. Objeto',
        'Estas condiciones rigen el uso de la plataforma Atlas Invest, que permite a los inversores registrados depositar fondos, invertir en cuatro áreas (cripto, trading, acciones, bienes raíces), retirar sus fondos y realizar transferencias internas.',
      ],
      [
        '2. Registro',
        'El registro está reservado a personas de 18 años o más. Usted se compromete a proporcionar información exacta y a mantener su contraseña en secreto. Cada cuenta recibe un identificador único (UID).',
      ],
      [
        '3. Riesgos',
        'Invertir conlleva riesgos, incluida la pérdida total del capital. Los rendimientos anunciados o simulados son indicativos y no constituyen una promesa. Los resultados pasados no garantizan resultados futuros.',
      ],
      [
        '4. Depósitos y retiros',
        'Los depósitos se acreditan tras una verificación manual del comprobante de pago (24 a 48 horas). Los retiros están bloqueados durante los 30 días siguientes a la primera inversión y se procesan en 24 a 48 horas.',
      ],
      [
        '5. Inversiones',
        'Una inversión solo puede detenerse después de 5 días completos. Las transferencias internas entre usuarios son instantáneas y gratuitas.',
      ],
      [
        '6. Seguridad',
        'Protegemos su cuenta con sesiones seguras y una autenticación en dos pasos opcional. Avísenos de inmediato de cualquier uso no autorizado.',
      ],
      [
        '7. Datos personales',
        'Sus datos se utilizan únicamente para gestionar su cuenta y cumplir nuestras obligaciones legales. Puede solicitar consultarlos o rectificarlos.',
      ],
      ['8. Cambios', 'Estas condiciones pueden cambiar. La versión vigente está siempre disponible en la plataforma.'],
    ],
  },
};

function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > width) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}

const esc = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`);

function pdf({ title, sections }) {
  const ops = [];
  let y = 790;
  const pages = [];
  const text = (str, size, bold) => {
    if (y < 60) {
      pages.push(ops.splice(0));
      y = 790;
    }
    ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf 56 ${y} Td (${esc(str)}) Tj ET`);
    y -= size + 5;
  };
  text(title, 16, true);
  y -= 10;
  for (const [heading, body] of sections) {
    text(heading, 12, true);
    for (const l of wrap(body, 92)) text(l, 10, false);
    y -= 8;
  }
  pages.push(ops.splice(0));

  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add('');
  const pagesObj = add('');
  const f1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const f2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids = [];
  for (const content of pages) {
    const stream = Buffer.from(content.join('\n'), 'latin1');
    const c = add(`<< /Length ${stream.length} >>\nstream\n${stream.toString('latin1')}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >> /Contents ${c} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info << /Title (${esc(title)}) >> >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

for (const [lng, doc] of Object.entries(terms)) {
  writeFileSync(`src/web/public/terms/${lng}.pdf`, pdf(doc));
  console.log(`src/web/public/terms/${lng}.pdf`);
}
