"""A classic-BPF interpreter for seccomp programs: what a filter answers a call, without
running it (so that a test can ask the arm64 filter on an x86-64 machine)."""
from __future__ import annotations

import struct

ALLOW, KILL_PROCESS, ERRNO = 0x7FFF0000, 0x80000000, 0x00050000
_MASK = 0xFFFFFFFF


def seccomp_data(arch: int, number: int, args=()) -> bytes:
    """struct seccomp_data: nr, arch, instruction_pointer, args[6]."""
    values = (list(args) + [0] * 6)[:6]
    return struct.pack("=iIQ6Q", number, arch, 0, *[v & 0xFFFFFFFFFFFFFFFF for v in values])


def run(program: bytes, data: bytes) -> int:
    """The filter's return value (an action, with its data in the low 16 bits)."""
    ops = [struct.unpack_from("=HBBI", program, i) for i in range(0, len(program), 8)]
    a = x = 0
    memory = [0] * 16
    pc = 0
    while True:
        code, jt, jf, k = ops[pc]
        pc += 1
        if code == 0x20:  # ld [k]
            a = struct.unpack_from("=I", data, k)[0]
        elif code == 0x00:  # ld #k
            a = k
        elif code == 0x60:  # ld M[k]
            a = memory[k]
        elif code == 0x61:  # ldx M[k]
            x = memory[k]
        elif code == 0x01:  # ldx #k
            x = k
        elif code == 0x02:  # st M[k]
            memory[k] = a
        elif code == 0x03:  # stx M[k]
            memory[k] = x
        elif code == 0x07:  # tax
            x = a
        elif code == 0x87:  # txa
            a = x
        elif code in (0x04, 0x14, 0x24, 0x44, 0x54, 0x64, 0x74, 0xA4):  # alu op #k
            a = {0x04: a + k, 0x14: a - k, 0x24: a * k, 0x44: a | k, 0x54: a & k, 0x64: a << k, 0x74: a >> k,
                 0xA4: a ^ k}[code] & _MASK
        elif code == 0x05:  # ja
            pc += k
        elif code in (0x15, 0x25, 0x35, 0x45):  # jeq, jgt, jge, jset #k
            taken = {0x15: a == k, 0x25: a > k, 0x35: a >= k, 0x45: bool(a & k)}[code]
            pc += jt if taken else jf
        elif code in (0x1D, 0x2D, 0x3D, 0x4D):  # the same against x
            taken = {0x1D: a == x, 0x2D: a > x, 0x3D: a >= x, 0x4D: bool(a & x)}[code]
            pc += jt if taken else jf
        elif code == 0x06:  # ret #k
            return k
        elif code == 0x16:  # ret a
            return a
        else:
            raise ValueError(f"BPF instruction {code:#x} at {pc - 1} is not known here")
