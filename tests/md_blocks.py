"""Reading Markdown pages in tests: their fenced blocks."""


def fenced_blocks(text: str) -> list:
    """(language, body) of every fenced block, in order."""
    blocks, language, lines = [], None, []
    for line in text.splitlines():
        if line.startswith("```"):
            if language is None:
                language, lines = line[3:].strip(), []
            else:
                blocks.append((language, "\n".join(lines) + "\n"))
                language = None
        elif language is not None:
            lines.append(line)
    return blocks
