// Pure game maths (provably fair RNG, paytables, RTP): built by the games issue.
