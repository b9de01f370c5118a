"""WmmaError: a failure reported by the wmma C API, with its diagnostics."""

import re

# "LOCATION: severity: message" where LOCATION is "file:line:col" (the C
# API's format for file locations) or any other printed location; errors
# without a location are "error: message".
_DIAG_RE = re.compile(
    r"^(?:(?P<loc>.+?): )?(?P<severity>error|warning|note|remark): (?P<message>.*)$")
_FILE_LINE_COL_RE = re.compile(r"^(?P<file>.*):(?P<line>\d+):(?P<col>\d+)$")


def parse_diagnostics(text):
    """Diagnostics text -> list of {"file", "line", "col", "severity",
    "message"} (file/line/col are None when there is no location).  Lines
    that do not start a diagnostic continue the previous message."""
    diags = []
    for line in (text or "").splitlines():
        m = _DIAG_RE.match(line)
        if m:
            d = {"file": m.group("loc"), "line": None, "col": None,
                 "severity": m.group("severity"), "message": m.group("message")}
            flc = _FILE_LINE_COL_RE.match(m.group("loc") or "")
            if flc:
                d.update(file=flc.group("file"), line=int(flc.group("line")),
                         col=int(flc.group("col")))
            diags.append(d)
        elif diags and line.strip():
            diags[-1]["message"] += "\n" + line
        elif line.strip():
            diags.append({"file": None, "line": None, "col": None,
                          "severity": "error", "message": line})
    return diags


class WmmaError(RuntimeError):
    """A compile, launch or lookup failure.

    .diagnostics: list of dicts (file, line, col, severity, message), as
    parsed from the C API's "file:line:col: severity: message" lines;
    .text: the diagnostics as the C API printed them.  str() gives a summary
    line followed by the full text.
    """

    def __init__(self, summary, diagnostics_text=""):
        self.text = diagnostics_text or ""
        self.diagnostics = parse_diagnostics(self.text) if self.text else [
            {"file": None, "line": None, "col": None, "severity": "error",
             "message": summary}]
        self.summary = summary
        super().__init__(summary)

    @property
    def errors(self):
        return [d for d in self.diagnostics if d["severity"] == "error"]

    def __str__(self):
        text = self.text.strip("\n")
        if not text or text in self.summary:
            return self.summary
        return "%s\n%s" % (self.summary, text)
