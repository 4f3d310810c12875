import { constants, createPrivateKey, privateEncrypt, type KeyObject } from "node:crypto";
import fs from "node:fs";
import forge from "node-forge";
import type { PDFDocument } from "pdf-lib";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { getAgency, getEnv } from "#app/utils/env.server";
import { log } from "#app/utils/log.server";

// The agency's signature on every PDF it issues (issue 38,
// docs/decisions/0079-verifiable-documents.md): with AGENCY_CERT_PATH (its
// ICP-Brasil A1 certificate, PKCS#12) set, the document is saved with a
// signature field and signed by @signpdf (CMS detached, SHA-256, the
// certificate chain inside, SubFilter ETSI.CAdES.detached); a PDF reader
// verifies it, and any byte changed afterwards breaks it. Without a
// certificate documents are unsigned, and still checkable by code and hash.

// The PKCS#12 is opened once per process, not per document: @signpdf's own
// P12Signer opens it on every signature (PBKDF2 and all, 55 ms a receipt
// against 6 unsigned). The CMS is node-forge's, as P12Signer builds it; the
// RSA operation is Node's (RSASSA-PKCS1-v1_5 over SHA-256), not forge's
// JavaScript one.
class AgencySigner extends Signer {
  constructor(
    readonly holder: string,
    private readonly key: KeyObject,
    private readonly certificate: forge.pki.Certificate,
    private readonly chain: forge.pki.Certificate[],
  ) {
    super();
  }

  async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString("binary"));
    for (const cert of this.chain) p7.addCertificate(cert);
    const key = this.key;
    p7.addSigner({
      // forge asks its key to sign the digest of the signed attributes.
      key: {
        sign: (md: forge.md.MessageDigest) =>
          privateEncrypt(
            { key, padding: constants.RSA_PKCS1_PADDING },
            Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), "binary")]),
          ).toString("binary"),
      } as unknown as forge.pki.rsa.PrivateKey,
      certificate: this.certificate,
      digestAlgorithm: forge.pki.oids.sha256,
      // In this order (what EU validators expect; as P12Signer does).
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), "binary");
  }
}

// DER of DigestInfo's head for SHA-256 (RFC 8017 §9.2, note 1).
const SHA256_DIGEST_INFO = Buffer.from("3031300d060960864801650304020105000420", "hex");

let loaded: AgencySigner | null | undefined;

// The signer, or null without a certificate. A wrong password or a file that
// is not a PKCS#12 with its key is said in the log, once, and documents go
// unsigned rather than not issued at all.
export function agencySigner(): AgencySigner | null {
  if (loaded !== undefined) return loaded;
  const { AGENCY_CERT_PATH: file, AGENCY_CERT_PASSWORD: passphrase = "" } = getEnv();
  loaded = null;
  if (!file) return loaded;
  try {
    const der = fs.readFileSync(file).toString("binary");
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), false, passphrase);
    const chain = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap((b) =>
      b.cert ? [b.cert] : [],
    );
    const keyBag = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
      forge.pki.oids.pkcs8ShroudedKeyBag
    ]?.[0];
    const privateKey = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
    if (!privateKey) throw new Error("no private key in the file");
    const certificate = chain.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n.equals(privateKey.n));
    if (!certificate) throw new Error("no certificate matches the private key");
    const holder = String(certificate.subject.getField("CN")?.value ?? getAgency().legalName);
    loaded = new AgencySigner(holder, createPrivateKey(forge.pki.privateKeyToPem(privateKey)), certificate, chain);
  } catch (error) {
    log.error("signature.certificate_unusable", { file, error: String(error) });
  }
  return loaded;
}

// Saves `doc`, signed when there is a certificate.
export async function saveSigned(doc: PDFDocument): Promise<Uint8Array> {
  const signer = agencySigner();
  if (!signer) return doc.save();
  const agency = getAgency();
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: `Documento emitido por ${agency.legalName}`,
    contactInfo: agency.email,
    name: signer.holder,
    location: agency.city,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: agency.name,
  });
  // The placeholder's byte range is found in the file as written: no object streams.
  const unsigned = await doc.save({ useObjectStreams: false });
  return new Uint8Array(await new SignPdf().sign(Buffer.from(unsigned), signer));
}
