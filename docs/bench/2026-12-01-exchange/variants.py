# temp experiment (docs/bench/2026-12-01-exchange): the generated kernels of /tmp/dump
# (fft-codegen emit of the NVIDIA plans of 6561, 8192, 10000 points) rewritten into .gpu/exp.
# temp: kernel variants for the exchange experiment
import re, sys, os
src_dir, out_root = '/tmp/dump', '/work/main/.gpu/exp'

def collapse_barriers(lines):
    out = []
    for l in lines:
        if 'barrier(' in l and out and 'barrier(' in out[-1]:
            continue
        out.append(l)
    return out

def fake(text):
    """Upper bound: whole float2 values in one round (wrong results, timing only)."""
    lines = []
    for l in text.split('\n'):
        m = re.match(r'(\s*)__local float buf\[\d+\];', l)
        if m:
            lines.append(m.group(1) + '__local float2 buf[6144];'); continue
        m = re.match(r'(\s*)__local float \*(\w+) = buf \+ (.*);$', l)
        if m:
            lines.append(f'{m.group(1)}__local float2 *{m.group(2)} = buf + (({m.group(3)}) & 4095u);'); continue
        m = re.match(r'(\s*)(\w+)\[(\d+)\] = (\w+)\.x;$', l)
        if m:
            lines.append(f'{m.group(1)}{m.group(2)}[{int(m.group(3)) & 2047}] = {m.group(4)};'); continue
        m = re.match(r'(\s*)(\w+)\.x = (\w+)\[(\d+)\];$', l)
        if m:
            lines.append(f'{m.group(1)}{m.group(2)} = {m.group(3)}[{int(m.group(4)) & 2047}];'); continue
        if re.match(r'\s*\w+\[\d+\] = \w+\.y;$', l) or re.match(r'\s*\w+\.y = \w+\[\d+\];$', l):
            continue
        lines.append(l)
    return '\n'.join(collapse_barriers(lines))

def overflow6561(text):
    """Correct: indices e < 6075 in local memory (float2), e >= 6075 in the sub-FFT's own output region."""
    CAP = 6075
    lines = text.split('\n')
    out = []
    i = 0
    G = 'barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);'
    while i < len(lines):
        l = lines[i]
        ind = re.match(r'(\s*)', l).group(1)
        if re.match(r'\s*__local float buf\[\d+\];', l):
            out.append(ind + f'__local float2 buf[{CAP}];')
            out.append(ind + '__global float2 *scr = y + (uint)get_group_id(0) * 6561u;')
            i += 1; continue
        if 'Exchange through buf' in l:
            # collect the exchange block: up to the last .y read
            j = i + 1
            block = []
            while j < len(lines):
                lj = lines[j]
                if re.match(r'\s*(\w+\.[xy] = \w+\[\d+\];|\w+\[\d+\] = \w+\.[xy];|barrier\(.*\);|__local float \*.*;|//.*)$', lj):
                    block.append(lj); j += 1
                else:
                    break
            writes = [re.match(r'\s*(\w+)\[(\d+)\] = (\w+)\.x;', b) for b in block]
            writes = [m for m in writes if m]
            reads = [re.match(r'\s*(\w+)\.x = (\w+)\[(\d+)\];', b) for b in block]
            reads = [m for m in reads if m]
            first_exchange = 's1_u0_out' in ''.join(block)
            out.append(ind + '// Exchange through buf (e < 6075) and the output region (e >= 6075), whole values.')
            if first_exchange:
                out.append(ind + '__local float2 *s1_u0_out = buf + s1_u0_dst;')
                out.append(ind + '__local float2 *s2_in = buf + j;')
                out.append(ind + '__global float2 *s2_g = scr + j;')
                out.append(ind + 'if (j < 225u)'); out.append(ind + '{')
                for m in writes:
                    r = int(m.group(3)[-2:])
                    out.append(ind + f'    s1_u0_out[{r}] = {m.group(3)};')
                out.append(ind + '}'); out.append(ind + 'else'); out.append(ind + '{')
                out.append(ind + '    __global float2 *s1_g = scr + (s1_u0_dst - 6075u);')
                for m in writes:
                    r = int(m.group(3)[-2:])
                    out.append(ind + f'    s1_g[{r}] = {m.group(3)};')
                out.append(ind + '}')
                out.append(ind + G)
                for m in reads:
                    e = int(m.group(3))
                    if e < CAP:
                        out.append(ind + f'{m.group(1)} = s2_in[{e}];')
                    else:
                        out.append(ind + f'{m.group(1)} = s2_g[{e - CAP}];')
            else:
                out.append(ind + '__local float2 *s2_u0_out = buf + s2_u0_dst;')
                out.append(ind + '__local float2 *s3_in = buf + j;')
                out.append(ind + '__global float2 *s3_g = scr + j;')
                out.append(ind + G)
                out.append(ind + 'if (j < 216u)'); out.append(ind + '{')
                for m in writes:
                    r = int(m.group(3)[-2:])
                    out.append(ind + f'    s2_u0_out[{27*r}] = {m.group(3)};')
                out.append(ind + '}'); out.append(ind + 'else'); out.append(ind + '{')
                out.append(ind + '    __global float2 *s2_g = scr + (s2_u0_dst - 5832u);')
                for m in writes:
                    r = int(m.group(3)[-2:])
                    if r < 9:
                        out.append(ind + f'    s2_u0_out[{27*r}] = {m.group(3)};')
                    else:
                        out.append(ind + f'    s2_g[{27*r - 243}] = {m.group(3)};')
                out.append(ind + '}')
                out.append(ind + G)
                for m in reads:
                    c = int(m.group(3)); assert c % 265 == 0, c
                    e = 243 * (c // 265)
                    if e < CAP:
                        out.append(ind + f'{m.group(1)} = s3_in[{e}];')
                    else:
                        out.append(ind + f'{m.group(1)} = s3_g[{e - CAP}];')
            i = j; continue
        if 'Store phase' in l:
            out.append(ind + 'barrier(CLK_GLOBAL_MEM_FENCE);')
        out.append(l); i += 1
    return '\n'.join(out)

for name in os.listdir(src_dir):
    text = open(os.path.join(src_dir, name)).read()
    os.makedirs(f'{out_root}/fake', exist_ok=True)
    open(f'{out_root}/fake/{name}', 'w').write(fake(text))
    if '6561' in name:
        os.makedirs(f'{out_root}/ovf', exist_ok=True)
        open(f'{out_root}/ovf/{name}', 'w').write(overflow6561(text))
