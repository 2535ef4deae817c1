"""`--pdfx`: a PDF pnpkit wrote, made a PDF/X-4 file for a print shop's preflight.

PDF/X-4 asks for: PDF 1.6, an output intent (the printing condition the colours were made for, with its ICC
profile embedded), a TrimBox and a BleedBox on every page, the title, dates and trapping state in the document
information and the same in XMP metadata with `pdfxid:GTS_PDFXVersion`. Fonts are already embedded subsets and
transparency is allowed in PDF/X-4.

pnpkit's colours are sRGB, so the output intent is sRGB (`assets/icc/sRGB.icc`, from the zlib-licensed
icc-profiles-free collection; see its LICENSE file beside it). No CMYK printing condition with a licence that
lets pnpkit ship its profile was found: PDF/X-4 allows an RGB output intent, and the shop converts to its own
press condition. The file stays byte-identical from run to run: its dates are fixed (as reportlab's invariant
mode writes them) and its document id comes from its content.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path
from xml.sax.saxutils import escape

PDFX_VERSION = "PDF/X-4"
PDF_VERSION = "1.6"
CONDITION = "sRGB IEC61966-2.1"
"""The output condition's name in the ICC's characterization registry."""
REGISTRY = "http://www.color.org"
DATE = "2000-01-01T00:00:00Z"
"""Creation and modification date: fixed, so that the same kit gives the same bytes (reportlab writes the same
one in its invariant mode)."""
PDF_DATE = "D:20000101000000Z"


def icc_profile() -> bytes:
    """The sRGB output profile pnpkit ships."""
    return (Path(__file__).parent / "assets" / "icc" / "sRGB.icc").read_bytes()


def to_pdfx(data: bytes) -> bytes:
    """The PDF `data` as a PDF/X-4 file: same pages and drawing, with the output intent, boxes and metadata."""
    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as pdf:
        profile = pdf.make_stream(icc_profile(), N=3, Alternate=pikepdf.Name.DeviceRGB)
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent,
            S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=CONDITION,
            OutputCondition=CONDITION,
            RegistryName=REGISTRY,
            Info=CONDITION,
            DestOutputProfile=profile,
        )
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
        for page in pdf.pages:
            trim = page.obj.get("/TrimBox", page.mediabox)
            page.obj.TrimBox = pikepdf.Array(list(trim))
            page.obj.BleedBox = pikepdf.Array(list(page.obj.get("/BleedBox", trim)))
        info = pdf.docinfo
        title = str(info.get("/Title", "")) or "pnpkit"
        info.Title = title
        info.GTS_PDFXVersion = PDFX_VERSION
        info.Trapped = pikepdf.Name.False_
        info.CreationDate = PDF_DATE
        info.ModDate = PDF_DATE
        document_id = hashlib.sha256(data).hexdigest()
        pdf.Root.Metadata = pdf.make_stream(
            _xmp(title, str(info.get("/Producer", "pnpkit")), document_id).encode("utf-8"),
            Type=pikepdf.Name.Metadata,
            Subtype=pikepdf.Name.XML,
        )
        buffer = io.BytesIO()
        pdf.save(buffer, deterministic_id=True, force_version=PDF_VERSION)
        return buffer.getvalue()


def _xmp(title: str, producer: str, document_id: str) -> str:
    """The XMP packet PDF/X-4 asks for, matching the document information."""
    uuid = f"uuid:{document_id[:8]}-{document_id[8:12]}-{document_id[12:16]}-{document_id[16:20]}-{document_id[20:32]}"
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{DATE}</xmp:CreateDate>
   <xmp:ModifyDate>{DATE}</xmp:ModifyDate>
   <xmp:MetadataDate>{DATE}</xmp:MetadataDate>
   <xmp:CreatorTool>pnpkit</xmp:CreatorTool>
   <xmpMM:DocumentID>{uuid}</xmpMM:DocumentID>
   <xmpMM:InstanceID>{uuid}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdf:Producer>{escape(producer)}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""


__all__ = ["PDFX_VERSION", "icc_profile", "to_pdfx"]
